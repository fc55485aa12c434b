import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testChain } from '../../../testing/testChains';
import type { Token } from '../../schemas/catalog';
import type { CardFrames, CardTarget } from './cardFrames';
import { type CardLoaderDeps, createCardLoader, type TokenPageVisit } from './cardLoader';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH_ETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_DEV = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const NOT_A_TOKEN = '0x1111111111111111111111111111111111111111';
const USDC_PAGE = `https://etherscan.io/token/${USDC_ETH}`;

const token = (chainId: number, address: string, symbol: string) =>
  ({ chainId: String(chainId), address, symbol, decimals: 6, name: symbol }) as Token;
const chains = [
  testChain(1, 'Ethereum', ['https://etherscan.io']),
  testChain(42161, 'Arbitrum', ['https://arbiscan.io']),
  testChain(31337, 'Devnet', ['https://explorer.example.org/devnet']),
];
const tokens: Record<number, Token[]> = {
  1: [token(1, USDC_ETH, 'USDC'), token(1, WETH_ETH, 'WETH')],
  42161: [token(42161, USDC_ARB, 'USDC')],
  31337: [token(31337, USDC_DEV, 'USDC')],
};

const visit = (url = USDC_PAGE, target: Partial<CardTarget> = {}): TokenPageVisit => ({
  tabId: 7,
  frameId: 0,
  documentId: 'DOC1',
  url,
  ...target,
});

/** The page side as the browser would see it: which hosts are granted and which documents hold a live card. */
function fakeFrames() {
  const granted = new Set(['etherscan.io', 'arbiscan.io']);
  const withCard = new Set<string>();
  const injected: CardTarget[] = [];
  const key = (t: CardTarget) => t.documentId ?? `${t.tabId}:${t.frameId}`;
  const frames: CardFrames & { injectImpl?: (t: CardTarget) => Promise<void> } = {
    mayScript: async (url) => granted.has(new URL(url).hostname),
    hasCard: async (t) => withCard.has(key(t)),
    injectCard: async (t) => {
      if (frames.injectImpl) return frames.injectImpl(t);
      injected.push(t);
      withCard.add(key(t));
    },
  };
  return { frames, granted, withCard, injected };
}

let settings: { inlineQuotes: boolean };
let page: ReturnType<typeof fakeFrames>;
let deps: CardLoaderDeps;

beforeEach(() => {
  settings = { inlineQuotes: true };
  page = fakeFrames();
  deps = {
    getSettings: async () => settings,
    getChains: async () => chains,
    getTokens: async (chainId) => tokens[chainId] ?? [],
    frames: page.frames,
  };
});

describe('card loader', () => {
  it("injects the card into the visited document of a catalog token's page, address pages included", async () => {
    const cards = createCardLoader(deps);
    expect(await cards.show(visit(USDC_PAGE, { frameId: 0, documentId: 'DOC1' }))).toBe(true);
    // Without a documentId (Firefox) the tab's top frame is the target.
    expect(
      await cards.show(visit(`https://arbiscan.io/address/${USDC_ARB}`, { tabId: 8, documentId: undefined })),
    ).toBe(true);
    expect(page.injected).toEqual([
      { tabId: 7, frameId: 0, documentId: 'DOC1' },
      { tabId: 8, frameId: 0, documentId: undefined },
    ]);
  });

  it('loads nothing for unknown tokens, plain addresses, other pages and hosts, or with inline quotes off', async () => {
    const cards = createCardLoader(deps);
    for (const url of [
      `https://etherscan.io/token/${NOT_A_TOKEN}`,
      `https://etherscan.io/address/${NOT_A_TOKEN}`,
      'https://etherscan.io/blocks',
      `https://etherscan.io/token/${USDC_ETH}/holders`,
      `https://arbiscan.io/token/${USDC_ETH}`,
      `https://etherscan.io.evil.example/token/${USDC_ETH}`,
      `https://some-dex.example/token/${USDC_ETH}`,
    ]) {
      expect(await cards.show(visit(url, { documentId: url })), url).toBe(false);
    }
    settings.inlineQuotes = false;
    expect(await cards.show(visit(USDC_PAGE, { documentId: 'DOC-OFF' }))).toBe(false);
    expect(page.injected).toEqual([]);
  });

  it('shows it on a catalog explorer only once the person granted its host', async () => {
    const cards = createCardLoader(deps);
    const devnetPage = `https://explorer.example.org/devnet/token/${USDC_DEV}`;
    expect(await cards.show(visit(devnetPage, { documentId: 'A' }))).toBe(false);
    page.granted.add('explorer.example.org');
    expect(await cards.show(visit(devnetPage, { documentId: 'B' }))).toBe(true);
    expect(page.injected.map((t) => t.documentId)).toEqual(['B']);
  });

  it('injects once per document: repeated and concurrent visits share it, a new document gets its own', async () => {
    let release = () => {};
    page.frames.injectImpl = (t) => {
      page.injected.push(t);
      page.withCard.add(t.documentId!);
      return new Promise((resolve) => {
        release = resolve;
      });
    };
    const cards = createCardLoader(deps);
    const first = cards.show(visit(USDC_PAGE));
    const second = cards.show(visit(`https://etherscan.io/token/${WETH_ETH}`));
    await vi.waitFor(() => expect(page.injected).toHaveLength(1));
    release();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    page.frames.injectImpl = undefined;
    expect(await cards.show(visit(USDC_PAGE))).toBe(true);
    expect(await cards.show(visit(USDC_PAGE, { documentId: 'DOC2' }))).toBe(true);
    expect(page.injected.map((t) => t.documentId)).toEqual(['DOC1', 'DOC2']);
  });

  it('leaves a live card alone after a worker restart (it follows the page itself), and replaces a dead one', async () => {
    page.withCard.add('DOC1');
    expect(await createCardLoader(deps).show(visit())).toBe(true);
    expect(page.injected).toEqual([]);
    // Firefox: no documentId, so every visit asks the page whether the card is there.
    const cards = createCardLoader(deps);
    const firefox = visit(USDC_PAGE, { tabId: 9, documentId: undefined });
    expect(await cards.show(firefox)).toBe(true);
    expect(await cards.show(firefox)).toBe(true);
    expect(page.injected).toHaveLength(1);
    page.withCard.delete('9:0');
    expect(await cards.show(firefox)).toBe(true);
    expect(page.injected).toHaveLength(2);
  });

  it('tries again on the next visit after a failed injection, logging it once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    page.frames.injectImpl = async () => {
      throw new Error('Frame with ID 0 was removed.');
    };
    const cards = createCardLoader(deps);
    expect(await cards.show(visit())).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    page.frames.injectImpl = undefined;
    expect(await cards.show(visit())).toBe(true);
    expect(page.injected).toHaveLength(1);
  });

  it('still injects when the catalog cannot be read (the card asks again itself)', async () => {
    const cards = createCardLoader({
      ...deps,
      getChains: async () => {
        throw new Error('service unreachable');
      },
    });
    expect(await cards.show(visit())).toBe(true);
    expect(page.injected).toHaveLength(1);
  });
});
