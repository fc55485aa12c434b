import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import './catalogCache';
import './expectedTransfers';
import './prefill';
import './settings';
import './transfers';
import { definedStorageKeys, defineVersionedItem, duplicateStorageKeys, versionOf } from './versionedItem';

beforeEach(() => fakeBrowser.reset());

describe('versioned storage items', () => {
  it('derive the version from contiguous migrations', () => {
    expect(versionOf({})).toBe(1);
    expect(versionOf({ 2: (x) => x, 3: (x) => x })).toBe(3);
    expect(() => versionOf({ 3: (x) => x })).toThrow(/numbered 2, 3/);
  });

  it('migrate a value written by an older version when first read', async () => {
    await fakeBrowser.storage.local.set({ 'test-migrated': { name: 'a' }, 'test-migrated$': { v: 1 } });
    const item = defineVersionedItem<{ fullName: string; tags: string[] }>('local:test-migrated', {
      fallback: { fullName: '', tags: [] },
      migrations: {
        2: (old) => ({ fullName: (old as { name: string }).name }),
        3: (old) => ({ ...(old as object), tags: [] }),
      },
    });
    expect(await item.getValue()).toEqual({ fullName: 'a', tags: [] });
    expect(await fakeBrowser.storage.local.get('test-migrated$')).toEqual({ 'test-migrated$': { v: 3 } });
  });

  it('have unique keys, and a key defined twice is reported', () => {
    expect(duplicateStorageKeys()).toEqual([]);
    const keys = definedStorageKeys();
    defineVersionedItem('local:settings', { fallback: null });
    expect(duplicateStorageKeys()).toEqual(['local:settings']);
    expect(keys).toEqual(
      expect.arrayContaining([
        'local:settings',
        'local:transfers',
        'session:prefill',
        'session:expectedTransfers',
        'local:@cache/chains',
      ]),
    );
  });
});
