import { generateKeyPairSigner } from '@solana/kit';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server/app';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { bestStep, DevWallet, pollStatus } from '../../server/devnet/flowHelpers';
import { SOLANA_CHAIN_ID } from '../chains/trustedRpc';
import { confirmArrival } from './confirmArrival';

/**
 * Bridges on the devnet, the relayer delivering on the destination chain, then the service's DONE read back through
 * the destination's RPC: Arbitrum's anvil for an EVM arrival, the devnet's Solana JSON-RPC for a Solana one. The
 * service's receiving transaction is confirmed with the amount the chain shows; a bigger claim, or the sending
 * transaction passed off as the arrival, is contradicted.
 */

const TIME_FACTOR = 0.002;
const USDC_ETH: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

let devnet: Devnet;
let service: RunningServer;
let rpcUrls: Record<string, string>;

beforeAll(async () => {
  devnet = await startDevnet({ timeFactor: TIME_FACTOR, chainIds: [1, 42161] });
  service = await startServer({ devnet, timeFactor: TIME_FACTOR, logLevel: 'silent', rateLimit: { disabled: true } });
  rpcUrls = {
    ...Object.fromEntries(devnet.chains.map((chain) => [String(chain.chainId), chain.rpcUrl])),
    [String(SOLANA_CHAIN_ID)]: devnet.solanaRpcUrl!,
  };
});
afterAll(async () => {
  await service?.close();
  await devnet?.stop();
});

describe('confirmArrival after a devnet bridge', () => {
  it('confirms the relayer’s fill on Arbitrum with the amount it moved, and no more', async () => {
    const user = new DevWallet(devnet.chains, 4);
    const before = await user.balance(42161, USDC_ARB);
    const step = await bestStep(service.url, {
      fromChainId: 1,
      fromTokenAddress: USDC_ETH,
      toChainId: 42161,
      toTokenAddress: USDC_ARB,
      fromAmount: 300n * 10n ** 6n,
      fromAddress: user.address,
    });
    const sent = await user.execute(step, USDC_ETH);
    const { final } = await pollStatus(service.url, sent);
    expect(final.status).toBe('DONE');
    const received = (await user.balance(42161, USDC_ARB)) - before;
    const params = {
      chainId: 42161,
      txHash: final.receiving!.txHash!,
      recipient: user.address,
      token: USDC_ARB,
      minAmount: BigInt(step.estimate.toAmountMin),
    };
    expect(await confirmArrival(params, { rpcUrls })).toMatchObject({
      kind: 'confirmed',
      amount: received,
      measure: 'transferLogs',
    });
    // Ten times what arrived, as a lying service would claim.
    expect(await confirmArrival({ ...params, minAmount: received * 10n }, { rpcUrls })).toMatchObject({
      kind: 'contradicted',
      reason: 'belowMinimum',
      amount: received,
    });
    // The sending transaction passed off as the arrival: Arbitrum has no such transaction.
    expect(await confirmArrival({ ...params, txHash: sent }, { rpcUrls })).toMatchObject({
      kind: 'contradicted',
      reason: 'notFound',
    });
  });

  it('confirms the relayer’s SPL delivery on Solana through the devnet’s Solana JSON-RPC', async () => {
    const user = new DevWallet(devnet.chains, 5);
    const receiver = (await generateKeyPairSigner()).address;
    const step = await bestStep(service.url, {
      fromChainId: 1,
      fromTokenAddress: USDC_ETH,
      toChainId: SOLANA_CHAIN_ID,
      toTokenAddress: USDC_SOLANA,
      fromAmount: 120n * 10n ** 6n,
      fromAddress: user.address,
      toAddress: receiver,
    });
    const { final } = await pollStatus(service.url, await user.execute(step, USDC_ETH));
    expect(final).toMatchObject({ status: 'DONE', toChainId: SOLANA_CHAIN_ID });
    const received = await devnet.solana!.tokenBalance(receiver, USDC_SOLANA);
    expect(received).toBeGreaterThan(0n);
    const params = {
      chainId: SOLANA_CHAIN_ID,
      txHash: final.receiving!.txHash!,
      recipient: receiver,
      token: USDC_SOLANA,
      minAmount: BigInt(step.estimate.toAmountMin),
    };
    expect(await confirmArrival(params, { rpcUrls })).toMatchObject({
      kind: 'confirmed',
      amount: received,
      measure: 'balanceChange',
      rpcHost: new URL(devnet.solanaRpcUrl!).host,
    });
    // The same delivery claimed for someone else.
    const other = (await generateKeyPairSigner()).address;
    expect(await confirmArrival({ ...params, recipient: other }, { rpcUrls })).toMatchObject({
      kind: 'contradicted',
      reason: 'wrongRecipient',
    });
  });
});
