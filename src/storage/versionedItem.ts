import { type StorageItemKey, storage, type WxtStorageItem } from '#imports';

/**
 * Every persisted value goes through here so that it has a version and a migration chain from day one.
 * The version is derived from the migrations (`{2: fn, 3: fn}` → version 3), so adding a migration cannot be done
 * without bumping the version, and a value written by an older build is migrated by WXT when the item is first read.
 */
export type Migrations = Record<number, (old: unknown) => unknown>;

const definedKeys = new Map<string, number>();

/** Keys defined so far. */
export function definedStorageKeys(): string[] {
  return [...definedKeys.keys()];
}

/**
 * Keys defined more than once (a convention test checks there are none). Not a throw at definition time: Vite's
 * hot reload re-runs a module that defines an item, which must not break the popup in development.
 */
export function duplicateStorageKeys(): string[] {
  return [...definedKeys].filter(([, count]) => count > 1).map(([key]) => key);
}

export function versionOf(migrations: Migrations): number {
  const steps = Object.keys(migrations)
    .map(Number)
    .sort((a, b) => a - b);
  steps.forEach((step, i) => {
    // Migrations run v1→v2→v3…: a gap would silently skip a step.
    if (step !== i + 2) throw new Error(`storage migrations must be numbered 2, 3, …; found ${steps.join(', ')}`);
  });
  return steps.length + 1;
}

export function defineVersionedItem<T>(
  key: StorageItemKey,
  options: {
    fallback: T;
    migrations?: Migrations;
    /** After a value was migrated and written (an item that replaces another drops the old one here). */
    onMigrationComplete?: (migrated: T, version: number) => void;
  },
): WxtStorageItem<T, Record<string, never>> {
  definedKeys.set(key, (definedKeys.get(key) ?? 0) + 1);
  const migrations = options.migrations ?? {};
  return storage.defineItem<T, Record<string, never>>(key, {
    fallback: options.fallback,
    version: versionOf(migrations),
    migrations,
    onMigrationComplete: options.onMigrationComplete,
  });
}
