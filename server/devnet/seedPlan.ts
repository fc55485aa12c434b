import type { Catalog } from '../catalog/catalog';
import type { CatalogToken } from '../catalog/catalogToken';

/**
 * What the devnet installs on one chain, derived from the server catalog so that the addresses, decimals and
 * prices the service lists are exactly what is on chain. Pure: setup.ts turns it into transactions.
 */
export type SeedToken = {
  address: `0x${string}`;
  name: string;
  symbol: string;
  decimals: number;
  /** USDT on Ethereum: a non-zero allowance must be reset to 0 before it can be changed. */
  approveResetRequired: boolean;
};

export type SeedPool = { tokenA: `0x${string}`; tokenB: `0x${string}`; amountA: bigint; amountB: bigint };

export type SeedPlan = {
  chainId: number;
  tokens: SeedToken[];
  pools: SeedPool[];
  feeBps: number;
  bridgeLiquidity: { token: `0x${string}`; amount: bigint }[];
  /** Given to every user dev account per ERC-20 token (native coin comes from anvil's own funding). */
  userMints: { token: `0x${string}`; amount: bigint }[];
};

/**
 * The only exchange that executes on devnet chains: the router's own constant-product pools. Uniswap's key is
 * used because its catalog entry is the plain 0.3 % constant-product AMM the router implements.
 */
export const DEVNET_EXCHANGE_KEY = 'uniswap';

const USDT_ETHEREUM = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const NATIVE = '0x0000000000000000000000000000000000000000';
const BRIDGE_LIQUIDITY_USD = 5_000_000;
const USER_BALANCE_USD = 100_000;

/** Converts a USD value into a token's smallest units (six significant decimals are plenty for seeding). */
export function usdToUnits(usd: number, priceUSD: number, decimals: number): bigint {
  const micros = BigInt(Math.round((usd / priceUSD) * 1e6));
  return decimals >= 6 ? micros * 10n ** BigInt(decimals - 6) : micros / 10n ** BigInt(6 - decimals);
}

export function seedPlan(catalog: Catalog, chainId: number): SeedPlan {
  const chain = catalog.getChain(chainId);
  const exchange = catalog.getExchange(DEVNET_EXCHANGE_KEY);
  if (!chain || !exchange) throw new Error(`catalog has no chain ${chainId} or exchange ${DEVNET_EXCHANGE_KEY}`);
  const listed = (catalog.tokensByChain.get(chainId) ?? []).filter((token) => token.address.startsWith('0x'));
  const units = (token: CatalogToken, usd: number) => usdToUnits(usd, catalog.priceOf(token), token.decimals);
  const address = (token: CatalogToken) => token.address as `0x${string}`;

  const erc20s = listed.filter((token) => token.address.toLowerCase() !== NATIVE);
  const tokens = erc20s.map((token) => ({
    address: address(token),
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    approveResetRequired: chainId === 1 && token.address.toLowerCase() === USDT_ETHEREUM,
  }));

  // Every pair gets a direct pool, so a route between any two listed tokens is one router call.
  const sideUSD = (chain.profile.poolDepthUSD / 2) * exchange.depthFactor;
  const pools: SeedPool[] = [];
  for (let i = 0; i < listed.length; i++) {
    for (let j = i + 1; j < listed.length; j++) {
      const a = listed[i]!;
      const b = listed[j]!;
      pools.push({ tokenA: address(a), tokenB: address(b), amountA: units(a, sideUSD), amountB: units(b, sideUSD) });
    }
  }

  return {
    chainId,
    tokens,
    pools,
    feeBps: exchange.feeBps,
    bridgeLiquidity: listed.map((token) => ({ token: address(token), amount: units(token, BRIDGE_LIQUIDITY_USD) })),
    userMints: erc20s.map((token) => ({ token: address(token), amount: units(token, USER_BALANCE_USD) })),
  };
}
