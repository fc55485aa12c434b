import { type Address, decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayDepositoryFacetAbi } from '../../src/contracts/lifi/relayDepository';
import { type RunningServer, startServer } from '../app';
import { type Devnet, startDevnet } from './devnet';
import { DevWallet, type Step } from './flowHelpers';

/**
 * The devnet's Relay pays as Relay does: whom, where and what the order behind the deposit's `orderId` names, not
 * BridgeData's receiver. So a compromised routing service that keeps every decoded field honest but puts another
 * order's id into the calldata has the bridge pay that order's receiver: shown here on chain, the harm the
 * extension's proof with Relay's own API (src/checks/promises/relayProof.ts) refuses before signing.
 */
const TIME_FACTOR = 0.002;
const USDC_ETHEREUM: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

let devnet: Devnet;
let service: RunningServer;
let person: DevWallet;
let attacker: DevWallet;

beforeAll(async () => {
  devnet = await startDevnet({ timeFactor: TIME_FACTOR, chainIds: [1, 42161], solana: false });
  service = await startServer({
    devnet,
    dialect: 'lifi',
    timeFactor: TIME_FACTOR,
    logLevel: 'silent',
    rateLimit: { disabled: true },
  });
  person = new DevWallet(devnet.chains, 3);
  attacker = new DevWallet(devnet.chains, 4);
});
afterAll(async () => {
  await service?.close();
  await devnet?.stop();
});

async function relayQuote(from: Address, amount: bigint): Promise<Step> {
  const query = new URLSearchParams({
    fromChain: '1',
    toChain: '42161',
    fromToken: USDC_ETHEREUM,
    toToken: USDC_ARBITRUM,
    fromAmount: String(amount),
    fromAddress: from,
    allowBridges: 'relay',
  });
  const response = await fetch(`${service.url}/v1/quote?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Step;
}

const orderIdOf = (step: Step): Hex => {
  const { args } = decodeFunctionData({ abi: relayDepositoryFacetAbi, data: step.transactionRequest!.data });
  return (args.at(-1) as { orderId: Hex }).orderId;
};

/** Waits for the relayer to pay `owner` on Arbitrum: its USDC there rising above `before`. */
async function arrived(owner: Address, before: bigint): Promise<bigint> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = await person.balance(42161, USDC_ARBITRUM, owner);
    if (now > before) return now - before;
    if (Date.now() > deadline) throw new Error(`nothing arrived for ${owner} in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function order(orderId: Hex) {
  const response = await fetch(`${devnet.relayApiUrl}/requests/v3?orderId=${orderId}`);
  const { requests } = (await response.json()) as {
    requests: { data: { orderData: { output: { payments: { recipient: string; expectedAmount: string }[] } } } }[];
  };
  return requests[0]!.data.orderData;
}

describe("the devnet's Relay pays by the order", () => {
  it('pays an honest quote to its receiver, the amount its order expects', async () => {
    const step = await relayQuote(person.address, 30_000_000n);
    const promised = await order(orderIdOf(step));
    const before = await person.balance(42161, USDC_ARBITRUM);
    await person.execute(step, USDC_ETHEREUM);
    expect(await arrived(person.address, before)).toBe(BigInt(promised.output.payments[0]!.expectedAmount));
  });

  it("pays the other order's receiver when only the order id in the calldata is another order's", async () => {
    // The attacker's own 1 USDC quote: an order paying the attacker, which Relay's API knows and its solver signed.
    const theirs = orderIdOf(await relayQuote(attacker.address, 1_000_000n));
    const step = await relayQuote(person.address, 30_000_000n);
    const { functionName, args } = decodeFunctionData({
      abi: relayDepositoryFacetAbi,
      data: step.transactionRequest!.data,
    });
    const facetData = args.at(-1) as { orderId: Hex; depositorAddress: Address };
    const data = encodeFunctionData({
      abi: relayDepositoryFacetAbi,
      functionName,
      args: [...args.slice(0, -1), { ...facetData, orderId: theirs }],
    } as Parameters<typeof encodeFunctionData>[0]);
    const lied: Step = { ...step, transactionRequest: { ...step.transactionRequest!, data } };
    const attackerBefore = await person.balance(42161, USDC_ARBITRUM, attacker.address);
    const personBefore = await person.balance(42161, USDC_ARBITRUM);
    await person.execute(lied, USDC_ETHEREUM);
    const paid = await arrived(attacker.address, attackerBefore);
    expect(paid).toBe(BigInt((await order(theirs)).output.payments[0]!.expectedAmount));
    expect(await person.balance(42161, USDC_ARBITRUM)).toBe(personBefore);
  });
});
