import type { ExecutionsById } from '../model/execution';
import { defineVersionedItem } from './versionedItem';

/**
 * Transfers the person confirmed and the background carries out (src/background/execution/), keyed by execution ID.
 * Local storage, written before the wallet is asked anything: a browser restart in the middle leaves a record that
 * says where the flow stopped and offers to continue it. Readable by extension pages only (restrictLocalStorage).
 */
export const EXECUTIONS_KEY = 'local:executions' as const;

export const executionsItem = defineVersionedItem<ExecutionsById>(EXECUTIONS_KEY, { fallback: {} });
