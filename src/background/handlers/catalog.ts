import type { BackgroundDeps } from '../deps';
import { NoDataSchema } from './messageSchemas';

/** getChains / getTools: from the persistent catalog cache (pages and content scripts). */
export function registerCatalogHandlers({ handle, catalog }: BackgroundDeps): void {
  handle('getChains', { access: 'any', schema: NoDataSchema, run: () => catalog.chains.get() });
  handle('getTools', { access: 'any', schema: NoDataSchema, run: () => catalog.tools.get() });
}
