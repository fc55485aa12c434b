import { NATIVE_TOKEN_ADDRESS } from '../../src/schemas/primitives';
import { catalogTextIsAscii } from './ascii';
import type { CatalogToken } from './catalogToken';
import { CHAIN_DEFINITIONS, type ChainDefinition } from './chainData';
import { syntheticTokens } from './largeTokens';
import { LIFI_FACET_BRIDGES, RETIRED_LIFI_TOOLS } from './lifiBridgeData';
import { TOKEN_DEFINITIONS, type TokenDefinition } from './tokenData';
import { BRIDGE_DEFINITIONS, type BridgeDefinition, EXCHANGE_DEFINITIONS, type ExchangeDefinition } from './toolData';

export type CatalogKind = 'default' | 'large';

export type Catalog = {
  kind: CatalogKind;
  chains: readonly ChainDefinition[];
  bridges: readonly BridgeDefinition[];
  /**
   * The LI.FI dialect's bridges, those li.quest offers today: `bridges` less the retired (`RETIRED_LIFI_TOOLS`)
   * plus those only its diamond has a facet for (lifiBridgeData.ts).
   */
  lifiBridges: readonly BridgeDefinition[];
  /** Every bridge either dialect searches: `bridges` and the LI.FI dialect's (getBridge looks among them). */
  allBridges: readonly BridgeDefinition[];
  exchanges: readonly ExchangeDefinition[];
  tokensByChain: ReadonlyMap<number, readonly CatalogToken[]>;
  tokenCount: number;
  getChain(chainId: number): ChainDefinition | undefined;
  /** Case-insensitive lookup by address. */
  findToken(chainId: number, address: string): CatalogToken | undefined;
  nativeToken(chainId: number): CatalogToken | undefined;
  /** The token a bridge moves for `asset` on a chain ('ETH' falls back to WETH where ETH is not native). */
  bridgeAsset(chainId: number, asset: string): CatalogToken | undefined;
  /** Tokens every exchange pools against (native coin, USDC): intermediate hops for two-hop swaps. */
  hubTokens(chainId: number): readonly CatalogToken[];
  getBridge(key: string): BridgeDefinition | undefined;
  getExchange(key: string): ExchangeDefinition | undefined;
  /** USD price as a number (cached parse of priceUSD). */
  priceOf(token: CatalogToken): number;
  /** Lower-cased address (the key of pools and indexes), computed once per catalog token. */
  addressKey(token: CatalogToken): string;
  /**
   * Every text of the catalog's tokens and tools is ASCII, so JSON built from them has one byte per character
   * (the routes answer relies on it to send its text without measuring or re-encoding it).
   */
  asciiText: boolean;
};

/** Size of the deterministic large catalog per EVM chain (7 chains: 21,000 synthetic tokens plus the real ones). */
export const LARGE_TOKENS_PER_CHAIN = 3000;

const built = new Map<CatalogKind, Catalog>();

/** Catalogs are immutable and shared by every server in the process (the large one takes a moment to build). */
export function getCatalog(kind: CatalogKind = 'default'): Catalog {
  let catalog = built.get(kind);
  if (!catalog) {
    catalog = buildCatalog(kind);
    built.set(kind, catalog);
  }
  return catalog;
}

/** What a catalog is built from: by default the real chains, tokens and tools of this folder. */
type CatalogSources = {
  chains: readonly ChainDefinition[];
  tokens: Readonly<Record<number, readonly TokenDefinition[]>>;
  bridges: readonly BridgeDefinition[];
  lifiFacetBridges: readonly BridgeDefinition[];
  exchanges: readonly ExchangeDefinition[];
};

const DEFAULT_SOURCES: CatalogSources = {
  chains: CHAIN_DEFINITIONS,
  tokens: TOKEN_DEFINITIONS,
  bridges: BRIDGE_DEFINITIONS,
  lifiFacetBridges: LIFI_FACET_BRIDGES,
  exchanges: EXCHANGE_DEFINITIONS,
};

/**
 * The default catalog and one more chain, with its tokens, reached by the tools named (bridge and exchange keys): for
 * a test that needs a chain the service does not list, such as one the extension pins no RPC for
 * (e2e/rpcPrompt.test.ts). Built on each call and shared with nobody, so every other server keeps its listings.
 */
export function catalogWithChain(extra: {
  chain: ChainDefinition;
  tokens: readonly TokenDefinition[];
  tools: readonly string[];
}): Catalog {
  const reach = <Tool extends { key: string; supportedChains: number[] }>(tools: readonly Tool[]): Tool[] =>
    tools.map((tool) =>
      extra.tools.includes(tool.key) ? { ...tool, supportedChains: [...tool.supportedChains, extra.chain.id] } : tool,
    );
  return buildCatalog('default', {
    chains: [...CHAIN_DEFINITIONS, extra.chain],
    tokens: { ...TOKEN_DEFINITIONS, [extra.chain.id]: extra.tokens },
    bridges: reach(BRIDGE_DEFINITIONS),
    lifiFacetBridges: reach(LIFI_FACET_BRIDGES),
    exchanges: reach(EXCHANGE_DEFINITIONS),
  });
}

function buildCatalog(kind: CatalogKind, sources: CatalogSources = DEFAULT_SOURCES): Catalog {
  const { chains, tokens, bridges, lifiFacetBridges, exchanges } = sources;
  const tokensByChain = new Map<number, CatalogToken[]>();
  // Per chain, then by lower-cased address or coinKey: lookups in the route search build no key strings.
  const byAddress = new Map<number, Map<string, CatalogToken>>();
  const byCoinKey = new Map<number, Map<string, CatalogToken>>();
  const prices = new Map<CatalogToken, number>();
  const addressKeys = new Map<CatalogToken, string>();

  const add = (chainId: number, token: CatalogToken, price: number) => {
    const list = tokensByChain.get(chainId) ?? [];
    list.push(token);
    tokensByChain.set(chainId, list);
    const key = token.address.toLowerCase();
    addressKeys.set(token, key);
    let addresses = byAddress.get(chainId);
    let coinKeys = byCoinKey.get(chainId);
    if (!addresses || !coinKeys) {
      addresses = new Map();
      coinKeys = new Map();
      byAddress.set(chainId, addresses);
      byCoinKey.set(chainId, coinKeys);
    }
    addresses.set(key, token);
    prices.set(token, price);
    // The first token with a coinKey wins (native ETH before Binance-peg or bridged variants).
    if (!coinKeys.has(token.coinKey)) coinKeys.set(token.coinKey, token);
  };

  for (const chain of chains) {
    for (const def of tokens[chain.id] ?? []) {
      add(
        chain.id,
        {
          address: def.address,
          chainId: String(chain.id),
          symbol: def.symbol,
          decimals: def.decimals,
          name: def.name,
          priceUSD: String(def.priceUSD),
          coinKey: def.coinKey,
        },
        def.priceUSD,
      );
    }
    if (kind === 'large' && chain.chainType === 'EVM') {
      for (const token of syntheticTokens(chain.id, LARGE_TOKENS_PER_CHAIN))
        add(chain.id, token, Number(token.priceUSD));
    }
  }

  const chainById = new Map(chains.map((c) => [c.id, c]));
  const lifiBridges = [...bridges.filter((b) => !RETIRED_LIFI_TOOLS.has(b.key)), ...lifiFacetBridges];
  const allBridges = [...bridges, ...lifiFacetBridges];
  const bridgeByKey = new Map(allBridges.map((b) => [b.key, b]));
  const exchangeByKey = new Map(exchanges.map((e) => [e.key, e]));
  const hubs = new Map<number, CatalogToken[]>();
  for (const chain of chains) {
    const coinKeys = byCoinKey.get(chain.id);
    const list = [coinKeys?.get(chain.coin), coinKeys?.get('USDC')];
    hubs.set(
      chain.id,
      list.filter((x): x is CatalogToken => x !== undefined),
    );
  }
  let tokenCount = 0;
  for (const list of tokensByChain.values()) tokenCount += list.length;
  const asciiText = catalogTextIsAscii([...tokensByChain.values()].flat(), [...allBridges, ...exchanges]);

  return {
    kind,
    chains,
    bridges,
    lifiBridges,
    allBridges,
    exchanges,
    tokensByChain,
    tokenCount,
    getChain: (chainId) => chainById.get(chainId),
    findToken: (chainId, address) => byAddress.get(chainId)?.get(address.toLowerCase()),
    nativeToken: (chainId) => byAddress.get(chainId)?.get(NATIVE_TOKEN_ADDRESS),
    bridgeAsset: (chainId, asset) => {
      const coinKeys = byCoinKey.get(chainId);
      return coinKeys?.get(asset) ?? (asset === 'ETH' ? coinKeys?.get('WETH') : undefined);
    },
    hubTokens: (chainId) => hubs.get(chainId) ?? [],
    getBridge: (key) => bridgeByKey.get(key),
    getExchange: (key) => exchangeByKey.get(key),
    priceOf: (token) => prices.get(token) ?? Number(token.priceUSD),
    addressKey: (token) => addressKeys.get(token) ?? token.address.toLowerCase(),
    asciiText,
  };
}
