import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { restrictLocalStorage } from './storageAccess';

const local = fakeBrowser.storage.local as unknown as { setAccessLevel?: unknown };

describe('restrictLocalStorage', () => {
  afterEach(() => {
    delete local.setAccessLevel;
    vi.restoreAllMocks();
  });

  it('keeps storage.local to trusted contexts', async () => {
    const calls: unknown[] = [];
    local.setAccessLevel = async (options: unknown) => {
      calls.push(options);
    };
    await restrictLocalStorage();
    expect(calls).toEqual([{ accessLevel: 'TRUSTED_CONTEXTS' }]);
  });

  it('logs, never throws, where the browser refuses it for storage.local (Firefox)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    local.setAccessLevel = () => Promise.reject(new Error('setAccessLevel is only supported for storage.session'));
    await expect(restrictLocalStorage()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not restrict'), expect.any(Error));
  });
});
