import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * The Settings tab, loaded when first shown: nobody needs it to open the popup, and it grows with every service
 * and override it offers (the popup's initial JS has a 40 KB gzip budget, `npm run bench`).
 */
export function LazySettingsView() {
  const [View, setView] = useState<ComponentType>();
  useEffect(() => {
    let live = true;
    void import('./SettingsView').then((m) => {
      if (live) setView(() => m.SettingsView);
    });
    return () => {
      live = false;
    };
  }, []);
  return View ? <View /> : <p class="muted">Loading settings…</p>;
}
