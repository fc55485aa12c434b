import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../app';
import { type Devnet, startDevnet } from './devnet';
import { bestStep, DevWallet, pollStatus } from './flowHelpers';

// Relay takes 20 s on mainnet: 4 s here, long enough to stop the service while the transfer is in flight.
const TIME_FACTOR = 0.2;
const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_BASE: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

const stateDir = mkdtempSync(join(tmpdir(), 'devnet-restart-'));
const running: { devnet?: Devnet; service?: RunningServer } = {};

async function start(): Promise<{ devnet: Devnet; service: RunningServer }> {
  const devnet = await startDevnet({ timeFactor: TIME_FACTOR, stateDir, chainIds: [42161, 8453] });
  running.devnet = devnet;
  // The status poll below asks every 50 ms: more than the keyless tier allows on a slow machine.
  const service = await startServer({
    devnet,
    timeFactor: TIME_FACTOR,
    logLevel: 'silent',
    rateLimit: { disabled: true },
  });
  running.service = service;
  return { devnet, service };
}

async function stop(): Promise<void> {
  await running.service?.close();
  await running.devnet?.stop();
  running.service = undefined;
  running.devnet = undefined;
}

afterAll(async () => {
  await stop();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('devnet restart', () => {
  it('completes a transfer that was in flight when the service stopped', async () => {
    const first = await start();
    const user = new DevWallet(first.devnet.chains, 7);
    const amount = 250n * 10n ** 6n;
    const step = await bestStep(first.service.url, {
      fromChainId: 42161,
      fromTokenAddress: USDC_ARBITRUM,
      toChainId: 8453,
      toTokenAddress: USDC_BASE,
      fromAmount: amount,
      fromAddress: user.address,
      bridges: ['relay'],
    });
    expect(step.tool).toBe('relay');
    const before = await user.balance(8453, USDC_BASE);
    const hash = await user.execute(step, USDC_ARBITRUM);
    // One Arbitrum block (1 s, scaled: 0.2 s) of confirmations, then the wait for the relayer's fill.
    const { final: pending, seen } = await pollStatus(
      first.service.url,
      hash,
      (status) => status.status !== 'PENDING' || status.substatus === 'WAIT_DESTINATION_TRANSACTION',
    );
    expect(pending).toMatchObject({ status: 'PENDING', substatus: 'WAIT_DESTINATION_TRANSACTION' });
    expect(seen.every((label) => /^PENDING\/WAIT_(SOURCE_CONFIRMATIONS|DESTINATION_TRANSACTION)$/.test(label))).toBe(
      true,
    );
    await stop();
    expect(existsSync(join(stateDir, 'chain-42161.json'))).toBe(true);
    expect(existsSync(join(stateDir, 'chain-8453.json'))).toBe(true);

    const restartedAt = Date.now();
    const second = await start();
    expect(second.devnet.nodes.every((node) => node.loadedState)).toBe(true);
    // Same ports, so a wallet configured with the devnet's RPC URLs keeps working.
    expect(second.devnet.chains).toEqual(first.devnet.chains);
    const { final } = await pollStatus(second.service.url, hash);
    expect(final).toMatchObject({ status: 'DONE', substatus: 'COMPLETED', tool: 'relay' });
    // Filled by the restarted relayer (block timestamps have one-second resolution).
    expect(final.receiving!.timestamp! * 1000).toBeGreaterThanOrEqual(restartedAt - 1000);
    const received = BigInt(final.receiving!.amount!);
    expect(received).toBe(BigInt(step.estimate.toAmount));
    expect(await new DevWallet(second.devnet.chains, 7).balance(8453, USDC_BASE)).toBe(before + received);
  });
});
