import { type Address, decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../app';
import { signNearIntentsPayload } from '../lifi/facetCalls';
import { nearIntentsFacetDevAbi } from './artifacts/NearIntentsFacetDev';
import { type Devnet, startDevnet } from './devnet';
import { DevWallet, type Step } from './flowHelpers';
import { oneClickQuoteAt } from './oneClickQuotes';

/**
 * The devnet's 1Click pays as 1Click does: whom and what the signed quote behind the deposit address names, not
 * BridgeData's receiver. So a compromised LI.FI that signs its facet payload over another quote's deposit address
 * (keeping every decoded field honest) has the bridge pay that quote's recipient: shown here on chain, the harm the
 * extension's proof with 1Click's own status (src/checks/promises/nearIntents.ts) refuses before signing.
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

async function nearQuote(from: Address, amount: bigint): Promise<Step> {
  const query = new URLSearchParams({
    fromChain: '1',
    toChain: '42161',
    fromToken: USDC_ETHEREUM,
    toToken: USDC_ARBITRUM,
    fromAmount: String(amount),
    fromAddress: from,
    allowBridges: 'near',
  });
  const response = await fetch(`${service.url}/v1/quote?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Step;
}

type NearData = Parameters<typeof signNearIntentsPayload>[1] & { signature: Hex; refundRecipient: Address };

const callOf = (step: Step) => decodeFunctionData({ abi: nearIntentsFacetDevAbi, data: step.transactionRequest!.data });
const nearDataOf = (step: Step) => callOf(step).args.at(-1) as NearData;

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

describe("the devnet's NEAR Intents pays by the 1Click quote", () => {
  it('pays an honest quote to its recipient, the amount its quote names', async () => {
    const step = await nearQuote(person.address, 30_000_000n);
    const quote = oneClickQuoteAt(nearDataOf(step).depositAddress)!;
    expect(String(quote.quoteRequest.recipient).toLowerCase()).toBe(person.address.toLowerCase());
    const before = await person.balance(42161, USDC_ARBITRUM);
    await person.execute(step, USDC_ETHEREUM);
    expect(await arrived(person.address, before)).toBe(BigInt(String(quote.quote.amountOut)));
  });

  it("pays the other quote's recipient when only the deposit address in the signed payload is another quote's", async () => {
    // The attacker's own 1 USDC quote: 1Click's deposit address paying the attacker, signed by 1Click.
    const theirs = nearDataOf(await nearQuote(attacker.address, 1_000_000n)).depositAddress;
    const step = await nearQuote(person.address, 30_000_000n);
    const { functionName, args } = callOf(step);
    const bridgeData = args[0] as Parameters<typeof signNearIntentsPayload>[0];
    const near = { ...nearDataOf(step), depositAddress: theirs };
    // Signed as LI.FI's backend signs (the devnet's key): anyone who can change li.quest's answer can do this much.
    const signed = { ...near, signature: signNearIntentsPayload(bridgeData, near, 1) };
    const data = encodeFunctionData({
      abi: nearIntentsFacetDevAbi,
      functionName,
      args: [...args.slice(0, -1), signed],
    } as Parameters<typeof encodeFunctionData>[0]);
    const lied: Step = { ...step, transactionRequest: { ...step.transactionRequest!, data } };
    const attackerBefore = await person.balance(42161, USDC_ARBITRUM, attacker.address);
    const personBefore = await person.balance(42161, USDC_ARBITRUM);
    await person.execute(lied, USDC_ETHEREUM);
    const paid = await arrived(attacker.address, attackerBefore);
    expect(paid).toBe(BigInt(String(oneClickQuoteAt(theirs)!.quote.amountOut)));
    expect(await person.balance(42161, USDC_ARBITRUM)).toBe(personBefore);
  });
});
