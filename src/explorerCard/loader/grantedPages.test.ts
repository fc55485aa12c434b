import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installPermissionFakes, type PermissionFakes } from '../../../testing/background/harness';
import type { TokenPageVisit } from './cardLoader';
import { listenGrantedPages } from './grantedPages';

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

let permissions: PermissionFakes;
beforeEach(() => {
  fakeBrowser.reset();
  permissions = installPermissionFakes();
});

describe('pages on newly allowed hosts', () => {
  it('offers the token pages already open in tabs to the card loader, and nothing else', async () => {
    const token = await fakeBrowser.tabs.create({ url: `https://explorer.example.org/token/${USDC}` });
    await fakeBrowser.tabs.create({ url: 'https://explorer.example.org/blocks' });
    await fakeBrowser.tabs.create({ url: `https://other.example.org/token/${USDC}` });
    const seen: TokenPageVisit[] = [];
    const stop = listenGrantedPages((visit) => seen.push(visit));
    await permissions.onAdded.trigger({ permissions: ['notifications'] });
    await permissions.onAdded.trigger({ origins: ['https://explorer.example.org/*'] });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({ tabId: token.id, frameId: 0, url: `https://explorer.example.org/token/${USDC}` });
    stop();
  });
});
