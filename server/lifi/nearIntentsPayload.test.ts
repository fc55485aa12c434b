import { encodeFunctionData, type Hex, pad, zeroAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { nearIntentsPayloadSigner } from '../../src/checks/promises/nearIntentsBackend';
import { nearIntentsFacetAbi } from '../../src/contracts/lifi/nearIntents';
import { LIFI_DIAMOND_ADDRESS } from '../../src/contracts/lifiDiamond';
import { NEAR_INTENTS_SIGNER_KEY } from '../devnet/nearIntentsSigner';
import { signNearIntentsPayload } from './facetCalls';

/**
 * One EIP-712 definition of NEARIntentsFacet's payload (src/contracts/lifi/nearIntents.ts) for the twin that signs
 * it and the extension that recovers who signed: a payload the twin signed recovers to its signer, one changed after
 * signing does not.
 */
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const bridgeData = {
  transactionId: pad('0x01', { size: 32 }),
  bridge: 'near',
  integrator: 'bridge-companion',
  referrer: zeroAddress,
  sendingAssetId: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const,
  receiver: RECEIVER,
  minAmount: 25_000_000n,
  destinationChainId: 42161n,
  hasSourceSwaps: false,
  hasDestinationCall: false,
};
const near = {
  nonEVMReceiver: pad('0x', { size: 32 }),
  depositAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const,
  quoteId: pad('0x02', { size: 32 }),
  deadline: 2_000_000_000n,
  minAmountOut: 24_900_000n,
  refundRecipient: RECEIVER,
};

const call = (minAmountOut: bigint, signature: Hex) =>
  encodeFunctionData({
    abi: nearIntentsFacetAbi,
    functionName: 'startBridgeTokensViaNEARIntents',
    args: [bridgeData, { ...near, minAmountOut, signature }],
  });

describe("NEARIntentsFacet's payload signature", () => {
  const signature = signNearIntentsPayload(bridgeData, near, 1);

  it("recovers to the twin's signer as signed", async () => {
    expect(await nearIntentsPayloadSigner(call(near.minAmountOut, signature), 1, LIFI_DIAMOND_ADDRESS)).toBe(
      privateKeyToAddress(NEAR_INTENTS_SIGNER_KEY),
    );
  });

  it('recovers to someone else once a figure changed, or on another chain', async () => {
    const signer = privateKeyToAddress(NEAR_INTENTS_SIGNER_KEY);
    expect(await nearIntentsPayloadSigner(call(1n, signature), 1, LIFI_DIAMOND_ADDRESS)).not.toBe(signer);
    expect(await nearIntentsPayloadSigner(call(near.minAmountOut, signature), 10, LIFI_DIAMOND_ADDRESS)).not.toBe(
      signer,
    );
  });
});
