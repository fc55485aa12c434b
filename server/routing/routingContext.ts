import type { Catalog } from '../catalog/catalog';
import type { ExchangeDefinition } from '../catalog/toolData';
import type { GasSource, LiquiditySource } from '../ports';
import type { BridgePromiseBook } from './bridgePromises';

/** Everything a route search reads: the catalog and where pool and gas numbers come from right now. */
export type RoutingContext = {
  catalog: Catalog;
  liquidity: LiquiditySource;
  gas: GasSource;
  /** Multiplies every execution duration (devnet runs faster than mainnet). */
  timeFactor: number;
  /** Key of the route-id tag: the same secret re-derives the same ids after a restart. */
  routeSecret: string;
  /** Exchanges that can execute on a chain. */
  exchangesOn(chainId: number): readonly ExchangeDefinition[];
  /**
   * Devnet mode: the only chains listed and routed (the devnet's). A chain no local node backs would be offered and
   * then fail in the wallet, so it is not offered at all.
   */
  servedChains?: ReadonlySet<number>;
  /** Devnet mode: where the LI.FI dialect records what it promised per transfer, for the relayer to pay. */
  bridgePromises?: BridgePromiseBook;
  /** Devnet mode: a blockhash of the devnet's Solana for a deposit's transaction (server/devnet/solana.ts). */
  solanaBlockhash?: () => { blockhash: string; lastValidBlockHeight: bigint };
};

/** Reasons a tool gives no quote (LI.FI's codes). */
export type NoQuoteCode =
  | 'NO_POSSIBLE_ROUTE'
  | 'INSUFFICIENT_LIQUIDITY'
  | 'AMOUNT_TOO_LOW'
  | 'AMOUNT_TOO_HIGH'
  | 'FEES_HIGHER_THAN_AMOUNT';

export type ToolFailure = { tool: string; code: NoQuoteCode; message: string };
