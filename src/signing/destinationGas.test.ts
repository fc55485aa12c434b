import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnvilNode, startAnvil } from '../../server/devnet/anvil';
import { ACCOUNT, makeRoute, twoStepRoute } from '../../testing/popup/fixtures';
import { createRpcReader } from '../chains/rpcReader';
import type { Route } from '../schemas/route';
import {
  APPROVAL_GAS,
  checkDestinationGas,
  destinationSignature,
  gasOnArrivalOffer,
  roundUpTwoDigits,
  UNKNOWN_STEP_GAS,
} from './destinationGas';

const ETH_10 = { address: '0x0000000000000000000000000000000000000000', chainId: '10', symbol: 'ETH', decimals: 18 };
const ETH_10_TOKEN = { ...ETH_10, name: 'Ether' };

/** What the fixture's step 2 takes: its gas limit and the approval of its USDC. */
const units = 180_000n + APPROVAL_GAS;

/** Bridge on chain 1, then a swap on chain 10 whose gas the service puts at 180,000 units (limit) at 2 gwei. */
function bridgeThenSwap(): Route {
  const route = twoStepRoute();
  route.steps![1]!.estimate.gasCosts = [
    {
      type: 'SEND',
      price: '2000000000',
      estimate: '150000',
      limit: '180000',
      amount: '300000000000000',
      token: ETH_10_TOKEN,
    },
  ];
  return route;
}

describe('gasOnArrivalOffer', () => {
  const usdc = { decimals: 6, priceUSD: '1' };
  const eth = { decimals: 18, priceUSD: '3000' };

  it('offers twice the need, priced in the token sent and rounded up to two digits', () => {
    // 2 × 0.000565 ETH at 3000 USD is 3.39 USD: 3.4 USDC, which buys about 0.001133 ETH.
    const offer = gasOnArrivalOffer({
      needed: 565_000_000_000_000n,
      fromAmount: 60_000_000n,
      token: usdc,
      native: eth,
    });
    expect(offer).toEqual({ fromAmountForGas: 3_400_000n, gas: 1_133_333_333_333_333n });
  });

  it('offers nothing without both prices, without a need, or for more than a quarter of the amount', () => {
    const base = { needed: 565_000_000_000_000n, fromAmount: 60_000_000n, token: usdc, native: eth };
    expect(gasOnArrivalOffer({ ...base, token: { decimals: 6 } })).toBeUndefined();
    expect(gasOnArrivalOffer({ ...base, native: { decimals: 18, priceUSD: '0' } })).toBeUndefined();
    expect(gasOnArrivalOffer({ ...base, needed: 0n })).toBeUndefined();
    expect(gasOnArrivalOffer({ ...base, fromAmount: 13_599_999n })).toBeUndefined();
    expect(gasOnArrivalOffer({ ...base, fromAmount: 13_600_000n })?.fromAmountForGas).toBe(3_400_000n);
  });

  it('rounds up to two significant digits', () => {
    expect([99n, 100n, 101n, 1234n, 1200n, 980_001n].map(roundUpTwoDigits)).toEqual([
      99n,
      100n,
      110n,
      1300n,
      1200n,
      990_000n,
    ]);
  });
});

describe('destinationSignature', () => {
  it('finds step 2 signed on the destination, with its gas limit and the approval of its token', () => {
    expect(destinationSignature(bridgeThenSwap())).toEqual({ chainId: 10, step: 2, gasUnits: 180_000n + APPROVAL_GAS });
  });

  it('takes no approval for a native input, and a bound when the service gave no gas figure', () => {
    const native = bridgeThenSwap();
    native.steps![1]!.action.fromToken = ETH_10_TOKEN;
    expect(destinationSignature(native)?.gasUnits).toBe(180_000n);
    const unknown = twoStepRoute();
    unknown.steps![1]!.estimate.gasCosts = undefined;
    expect(destinationSignature(unknown)?.gasUnits).toBe(UNKNOWN_STEP_GAS + APPROVAL_GAS);
    const byAmount = bridgeThenSwap();
    byAmount.steps![1]!.estimate.gasCosts = [
      { ...byAmount.steps![1]!.estimate.gasCosts![0]!, limit: undefined, estimate: undefined },
    ];
    expect(destinationSignature(byAmount)?.gasUnits).toBe(150_000n + APPROVAL_GAS);
  });

  it('is undefined for a route signed on one chain', () => {
    expect(destinationSignature(makeRoute())).toBeUndefined();
    const sameChain = bridgeThenSwap();
    sameChain.steps![1]!.action.fromChainId = '1';
    expect(destinationSignature(sameChain)).toBeUndefined();
  });
});

describe('checkDestinationGas', () => {
  it('prices the gas at the chain’s own gas price and compares it with the balance read there', async () => {
    const reads: [number, string][] = [];
    const check = await checkDestinationGas(bridgeThenSwap(), ACCOUNT, {
      readGasFunds: async (chainId, owner) => {
        reads.push([chainId, owner]);
        return { balance: 0n, gasPrice: 3_000_000_000n };
      },
    });
    expect(reads).toEqual([[10, ACCOUNT]]);
    expect(check).toEqual({
      chainId: 10,
      step: 2,
      gasUnits: units,
      needed: units * 3_000_000_000n,
      read: true,
      balance: 0n,
      enough: false,
    });
    const rich = await checkDestinationGas(bridgeThenSwap(), ACCOUNT, {
      readGasFunds: async () => ({ balance: units * 3_000_000_000n, gasPrice: 3_000_000_000n }),
    });
    expect(rich).toMatchObject({ read: true, enough: true });
  });

  it('says nothing is known when the chain cannot be read, the need priced at the service’s gas price', async () => {
    for (const readGasFunds of [async () => undefined, async () => Promise.reject(new Error('down'))]) {
      const check = await checkDestinationGas(bridgeThenSwap(), ACCOUNT, { readGasFunds });
      expect(check).toEqual({ chainId: 10, step: 2, gasUnits: units, needed: units * 2_000_000_000n, read: false });
    }
  });

  it('reads nothing for a route signed on one chain', async () => {
    let asked = false;
    const check = await checkDestinationGas(makeRoute(), ACCOUNT, {
      readGasFunds: async () => {
        asked = true;
        return { balance: 0n, gasPrice: 1n };
      },
    });
    expect(check).toBeUndefined();
    expect(asked).toBe(false);
  });
});

describe('readGasFunds through a real chain (anvil)', () => {
  let node: AnvilNode;
  beforeAll(async () => {
    node = await startAnvil({ chainId: 10 });
  });
  afterAll(() => node?.stop());

  const rpc = (method: string, params: unknown[]) =>
    fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }).then((r) => r.json() as Promise<{ result: string }>);

  it('finds an account emptied on the destination short of gas, and one given exactly the need enough', async () => {
    const reader = createRpcReader();
    const readGasFunds = async (_chainId: number, owner: `0x${string}`) => {
      const read = await reader.readGasFunds(node.rpcUrl, owner);
      return read.rpcChainId === 10 ? read : undefined;
    };
    await rpc('anvil_setBalance', [ACCOUNT, '0x0']);
    const empty = await checkDestinationGas(bridgeThenSwap(), ACCOUNT, { readGasFunds });
    const gasPrice = BigInt((await rpc('eth_gasPrice', [])).result);
    expect(gasPrice).toBeGreaterThan(0n);
    expect(empty).toMatchObject({ read: true, balance: 0n, enough: false, needed: units * gasPrice });
    await rpc('anvil_setBalance', [ACCOUNT, `0x${(units * gasPrice).toString(16)}`]);
    expect(await checkDestinationGas(bridgeThenSwap(), ACCOUNT, { readGasFunds })).toMatchObject({
      read: true,
      enough: true,
    });
  });
});
