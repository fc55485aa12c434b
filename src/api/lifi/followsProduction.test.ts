import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { TokensResponseSchema } from '../../schemas/catalog';
import { LifiChainsResponseSchema, LifiTokensResponseSchema } from '../../schemas/lifi/catalog';
import { LifiRoutesResponseSchema } from '../../schemas/lifi/route';
import { FeeCostSchema } from '../../schemas/route';
import { tokenWarning } from '../../schemas/tokenVerification';
import { normalizeLifiChain } from './catalog';

/**
 * What li.quest gives beside the figures (2026): token verification and tags, fee items' feeSplit, a chain's
 * nonStandardNativeDecimals. Each is validated at the schema, normalised into the one internal model, and optional:
 * the spec's service, which sends none, keeps working.
 */
const token = (over: Record<string, unknown> = {}) => ({
  address: '0x539bdE0d7Dbd336b79148AA742883198BBF60342',
  chainId: 42161,
  symbol: 'MAGIC',
  decimals: 18,
  name: 'Magic',
  priceUSD: '0.2',
  ...over,
});

describe('LI.FI token verification', () => {
  it('keeps verified, unverified and flagged, reads a status LI.FI adds later as unverified, and keeps tags', () => {
    const parsed = v.parse(LifiTokensResponseSchema, {
      tokens: {
        42161: [
          token({ verificationStatus: 'verified', tags: ['major_asset'] }),
          token({ verificationStatus: 'unverified' }),
          token({ verificationStatus: 'flagged' }),
          token({ verificationStatus: 'quarantined' }),
          token(),
        ],
      },
    });
    const list = parsed.tokens['42161']!;
    expect(list.map((t) => t.verificationStatus)).toEqual([
      'verified',
      'unverified',
      'flagged',
      'unverified',
      undefined,
    ]);
    expect(list[0]!.tags).toEqual(['major_asset']);
    expect(list.map(tokenWarning)).toEqual([undefined, 'unverified', 'flagged', 'unverified', undefined]);
  });

  it('refuses a status or tags that are not words, and the spec’s listing needs neither', () => {
    const bad = (over: Record<string, unknown>) =>
      v.safeParse(LifiTokensResponseSchema, { tokens: { 1: [token(over)] } });
    expect(bad({ verificationStatus: 3 }).success).toBe(false);
    expect(bad({ tags: 'stablecoin' }).success).toBe(false);
    expect(v.safeParse(TokensResponseSchema, { tokens: { 1: [{ ...token(), chainId: '1' }] } }).success).toBe(true);
  });
});

describe('LI.FI fee split', () => {
  const fee = (feeSplit: unknown) => ({
    name: 'LIFI Fixed Fee',
    token: token(),
    amount: '1000',
    amountUSD: '0.01',
    feeSplit,
  });

  it('accepts LI.FI’s split with its recipients, in a route too, and refuses a malformed one', () => {
    const split = {
      lifiFee: '250',
      integratorFee: '750',
      recipients: [
        { name: 'lifi', fee: '250', type: 'SHARED' },
        { name: 'jumper', fee: '750' },
      ],
    };
    expect(v.parse(FeeCostSchema, fee(split)).feeSplit).toEqual(split);
    expect(v.safeParse(FeeCostSchema, fee({ lifiFee: '-1', integratorFee: '0' })).success).toBe(false);
    expect(v.safeParse(FeeCostSchema, fee({ lifiFee: '1' })).success).toBe(false);
    expect(v.safeParse(FeeCostSchema, { ...fee(split), feeSplit: undefined }).success).toBe(true);
    const step = {
      id: 's',
      type: 'lifi',
      tool: 'across',
      action: {
        fromChainId: 1,
        toChainId: 42161,
        fromToken: token({ chainId: 1 }),
        toToken: token({ verificationStatus: 'flagged' }),
        fromAmount: '1000',
        slippage: 0.005,
      },
      estimate: { fromAmount: '1000', toAmount: '990', toAmountMin: '985', feeCosts: [fee(split)] },
    };
    const routes = v.parse(LifiRoutesResponseSchema, {
      routes: [
        {
          id: 'r',
          fromChainId: 1,
          fromAmount: '1000',
          fromToken: token({ chainId: 1 }),
          toChainId: 42161,
          toAmount: '990',
          toAmountMin: '985',
          toToken: token({ verificationStatus: 'flagged' }),
          steps: [step],
        },
      ],
    });
    expect(routes.routes[0]!.toToken.verificationStatus).toBe('flagged');
    expect(routes.routes[0]!.steps[0]!.estimate.feeCosts?.[0]?.feeSplit?.integratorFee).toBe('750');
  });
});

describe('LI.FI nonStandardNativeDecimals', () => {
  const stable = {
    id: 988,
    key: 'stb',
    name: 'Stable',
    chainType: 'EVM',
    coin: 'USDT0',
    mainnet: true,
    nativeToken: {
      address: '0x0000000000000000000000000000000000000000',
      chainId: 988,
      symbol: 'USDT0',
      decimals: 6,
      name: 'USDT0',
    },
    metamask: {
      chainId: '0x3dc',
      chainName: 'Stable',
      nativeCurrency: { name: 'USDT0', symbol: 'USDT0', decimals: 18 },
      rpcUrls: ['https://rpc.stable.xyz'],
    },
    nonStandardNativeDecimals: true,
  };

  it('counts the native coin in the chain’s own decimals where LI.FI flags the chain, and as listed elsewhere', () => {
    const [flagged] = v.parse(LifiChainsResponseSchema, { chains: [stable] }).chains;
    expect(normalizeLifiChain(flagged!).nativeToken.decimals).toBe(18);
    expect(normalizeLifiChain(flagged!).nonStandardNativeDecimals).toBe(true);
    const [plain] = v.parse(LifiChainsResponseSchema, {
      chains: [{ ...stable, nonStandardNativeDecimals: undefined }],
    }).chains;
    expect(normalizeLifiChain(plain!).nativeToken.decimals).toBe(6);
    expect(
      v.safeParse(LifiChainsResponseSchema, { chains: [{ ...stable, nonStandardNativeDecimals: 'yes' }] }).success,
    ).toBe(false);
  });
});
