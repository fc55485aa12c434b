import type { ExpectedTransfer, TransferInput } from '../../src/model/transfer';
import type { Chain, Token } from '../../src/schemas/catalog';
import { NATIVE_TOKEN_ADDRESS } from '../../src/schemas/primitives';
import type { RouteToken } from '../../src/schemas/route';
import type { TokensByChain } from '../../src/storage/tokenDb';
import { testChain } from '../testChains';

/** Test and bench data for the background (deterministic). */

export const USDC_ETH: RouteToken = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  chainId: '1',
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
};
export const USDC_ARB: RouteToken = {
  address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  chainId: '42161',
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
};

export const CHAINS: Chain[] = [
  testChain(1, 'Ethereum', ['https://etherscan.io']),
  testChain(42161, 'Arbitrum', ['https://arbiscan.io']),
];

export const txHash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, '0')}`;

/**
 * The transaction the popup approved for the fixture transfer, and what the harness's scripted RPC for chain 1
 * (FIXTURE_RPC_PATH) answers for any hash: so a fixture transfer's sent transaction is verified unless a test
 * scripts the RPC otherwise.
 */
export const APPROVED_TX: TransferInput['approvedTx'] = {
  chainId: 1,
  from: '0x1111111111111111111111111111111111111111',
  to: '0xB71D6e00000000000000000000000000000c0de1',
  data: '0xabcdef0000000000000000000000000000000000000000000000000000000000000000000000000000000000000001',
  value: '0',
};

export function transferInput(overrides: Partial<TransferInput> = {}): TransferInput {
  return {
    txHash: txHash(1),
    routeId: 'route-1',
    tool: 'across',
    toolName: 'Across',
    fromChainId: 1,
    toChainId: 42161,
    fromToken: USDC_ETH,
    toToken: USDC_ARB,
    fromAmount: '100000000',
    toAmount: '99800000',
    toAmountMin: '99300000',
    fromAddress: '0x1111111111111111111111111111111111111111',
    toAddress: '0x1111111111111111111111111111111111111111',
    executionDuration: 120,
    approvedTx: APPROVED_TX,
    ...overrides,
  };
}

/** A status body as the service sends it. */
/** What the popup registers with expectTransfer: the transfer without its hash (not known yet). */
export function expectedTransfer(overrides: Partial<ExpectedTransfer> = {}): ExpectedTransfer {
  const { txHash: _notYet, ...transfer } = transferInput(overrides);
  return transfer;
}

export function statusBody(
  status: string,
  substatus?: string,
  extra: { receiving?: Record<string, unknown>; sending?: Record<string, unknown>; substatusMessage?: string } = {},
) {
  if (status === 'NOT_FOUND') return { status };
  const receiving =
    status === 'DONE'
      ? {
          txHash: txHash(0xbeef),
          txLink: `https://arbiscan.io/tx/${txHash(0xbeef)}`,
          amount: '99800000',
          token: USDC_ARB,
          chainId: 42161,
        }
      : { chainId: 42161 };
  return {
    status,
    ...(substatus ? { substatus } : {}),
    ...(extra.substatusMessage ? { substatusMessage: extra.substatusMessage } : {}),
    sending: {
      txHash: txHash(1),
      txLink: `https://etherscan.io/tx/${txHash(1)}`,
      amount: '100000000',
      token: USDC_ETH,
      chainId: 1,
      ...extra.sending,
    },
    receiving: { ...receiving, ...extra.receiving },
    tool: 'across',
    fromChainId: 1,
    toChainId: 42161,
  };
}

const POPULAR = ['USDC', 'USDT', 'DAI', 'WETH', 'WBTC'];

/**
 * `count` tokens spread over `chains` chains, production-like: each chain has its native coin and the popular
 * stablecoins, the rest are long-tail tokens with made-up symbols ("TK123", "USDX7"…) and names.
 */
export function makeTokens(count: number, chains = 10): TokensByChain {
  const out: TokensByChain = {};
  let n = 0;
  const hex = (i: number) => `0x${(i + 1).toString(16).padStart(40, '0')}`;
  for (let c = 0; c < chains && n < count; c++) {
    const chainId = String(c === 0 ? 1 : 1000 + c);
    const list: Token[] = [
      { address: NATIVE_TOKEN_ADDRESS, chainId, symbol: 'ETH', decimals: 18, name: 'Ether', coinKey: 'ETH' },
    ];
    n++;
    for (const symbol of POPULAR) {
      list.push({ address: hex(n), chainId, symbol, decimals: 6, name: `${symbol} token`, coinKey: symbol });
      n++;
    }
    out[chainId] = list;
  }
  const prefixes = ['TK', 'USD', 'MOON', 'PEPE', 'SAFE', 'AI', 'GOLD', 'DOGE'];
  for (let i = 0; n < count; i++, n++) {
    const chainId = Object.keys(out)[i % Object.keys(out).length]!;
    const symbol = `${prefixes[i % prefixes.length]}${i}`;
    out[chainId]!.push({
      address: hex(n),
      chainId,
      symbol,
      decimals: 18,
      name: `${symbol} Finance Token`,
      priceUSD: '1.5',
    });
  }
  return out;
}
