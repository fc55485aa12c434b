import { type StorageItemKey, storage, type WxtStorageItem } from '#imports';

/**
 * Every persisted value goes through here so that it has a version and a migration chain from day one.
 * The version is derived from the migrations (`{2: fn, 3: fn}` → version 3), so adding a migration cannot be done
 * without bumping the version, and a value written by an older build is migrated by WXT when the item is first read.
 */
export type Migrations = Record<number, (old: unknown) => unknown>;

const definedKeys = new Set<string>();

/** Keys defined so far (a convention test checks they are unique). */
export function definedStorageKeys(): string[] {
  return [...definedKeys];
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
  options: { fallback: T; migrations?: Migrations },
): WxtStorageItem<T, Record<string, never>> {
  if (definedKeys.has(key)) throw new Error(`storage key defined twice: ${key}`);
  definedKeys.add(key);
  const migrations = options.migrations ?? {};
  return storage.defineItem<T, Record<string, never>>(key, {
    fallback: options.fallback,
    version: versionOf(migrations),
    migrations,
  });
}
