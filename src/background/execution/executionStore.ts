import type { ExecutionRecord, ExecutionsById } from '../../model/execution';
import { executionsItem } from '../../storage/executions';

/**
 * Records kept: executions under way or waiting for an answer are always kept; beyond this many, the oldest sent
 * ones go first (their transfers live on in Activity), then the oldest stopped ones the person never dismissed.
 */
export const MAX_KEPT_EXECUTIONS = 30;

export type ExecutionStore = {
  all(): Promise<ExecutionsById>;
  get(id: string): Promise<ExecutionRecord | undefined>;
  /** Applies `fn` under the lock; undefined from `fn` deletes the record. Resolves to what was written. */
  update(
    id: string,
    fn: (current: ExecutionRecord | undefined) => ExecutionRecord | undefined,
  ): Promise<ExecutionRecord | undefined>;
};

const DROP_ORDER: readonly ExecutionRecord['phase'][] = ['sent', 'failed', 'interrupted'];

export function pruneExecutions(map: ExecutionsById, max = MAX_KEPT_EXECUTIONS): ExecutionsById {
  const all = Object.values(map);
  if (all.length <= max) return map;
  const droppable = all
    .filter((r) => DROP_ORDER.includes(r.phase))
    .sort((a, b) => DROP_ORDER.indexOf(a.phase) - DROP_ORDER.indexOf(b.phase) || a.updatedAt - b.updatedAt);
  const drop = new Set(droppable.slice(0, all.length - max).map((r) => r.id));
  return Object.fromEntries(Object.entries(map).filter(([id]) => !drop.has(id)));
}

/**
 * The persisted executions with a write lock, like the transfer store: the runner's stage updates and the
 * popup's answers land in order and cannot lose each other's fields.
 */
export function createExecutionStore(onChange?: (all: ExecutionsById) => void | Promise<void>): ExecutionStore {
  let lock: Promise<unknown> = Promise.resolve();
  const all = () => executionsItem.getValue();
  return {
    all,
    get: async (id) => {
      const map = await all();
      return Object.hasOwn(map, id) ? map[id] : undefined;
    },
    update(id, fn) {
      const next = lock.then(async () => {
        const map = await all();
        const current = Object.hasOwn(map, id) ? map[id] : undefined;
        const updated = fn(current);
        if (updated === current) return current;
        const { [id]: _old, ...rest } = map;
        const nextMap = updated ? pruneExecutions({ ...rest, [id]: updated }) : rest;
        await executionsItem.setValue(nextMap);
        await onChange?.(nextMap);
        return updated;
      });
      lock = next.catch(() => undefined);
      return next;
    },
  };
}
