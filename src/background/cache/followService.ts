import type { SettingsService } from '../settings';
import type { Catalog } from './catalog';

/**
 * Another routing service chosen (Settings, or a profile's first settings): its chain and tool lists are fetched at
 * once, so the popup or explorer card opened next finds them on the way or stored instead of asking and waiting.
 * Returns the function that stops following.
 */
export function fetchCatalogOnServiceChange(settings: SettingsService, catalog: Catalog): () => void {
  let serviceUrl: string | undefined;
  const unfollow = settings.subscribe((next) => {
    if (serviceUrl !== undefined && next.apiBaseUrl !== serviceUrl) {
      for (const listing of [catalog.chains, catalog.tools]) {
        listing.get().catch((err) => console.warn('[background] could not fetch the new service catalog', err));
      }
    }
    serviceUrl = next.apiBaseUrl;
  });
  void settings.get().then((current) => {
    serviceUrl ??= current.apiBaseUrl;
  });
  return unfollow;
}
