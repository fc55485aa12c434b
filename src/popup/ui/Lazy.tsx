import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component loaded when first shown (a chunk of its own): what nobody needs to open the popup stays out of its
 * initial JS, which has a 42 KB gzip budget (`npm run bench`). `load` must be a stable function (module scope).
 */
export function Lazy<P extends object>(props: {
  load: () => Promise<ComponentType<P>>;
  props: P;
  fallback?: preact.ComponentChildren;
}) {
  const [View, setView] = useState<ComponentType<P>>();
  const { load } = props;
  useEffect(() => {
    let live = true;
    void load().then((component) => {
      if (live) setView(() => component);
    });
    return () => {
      live = false;
    };
  }, [load]);
  return View ? <View {...props.props} /> : <>{props.fallback ?? null}</>;
}
