import type { BackgroundDeps } from '../deps';
import { takePrefill } from '../prefill';
import { NoDataSchema } from './messageSchemas';

/** takePrefill: the popup takes what an explorer card left for it (openPrefilled lives in src/explorerCard/handlers.ts). */
export function registerPrefillHandler({ handle }: BackgroundDeps): void {
  handle('takePrefill', { access: 'page', schema: NoDataSchema, run: () => takePrefill() });
}
