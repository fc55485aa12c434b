import { performance } from 'node:perf_hooks';
import { startAnvil } from '../server/devnet/anvil';
import { startDevnet } from '../server/devnet/devnet';
import { type BenchRow, median, ratioAtMost } from './table';

/**
 * Start-up time of the full devnet (four anvil chains, contracts installed, pools and bridge liquidity seeded,
 * dev accounts funded, mirror and relayer running), in milliseconds: the time until `startDevnet` resolves.
 * The devnet is stopped afterwards; nothing is left running.
 */
export async function measureDevnetStartup(): Promise<number> {
  const devnet = await startDevnet({ timeFactor: 0.01 });
  try {
    return devnet.startupMs;
  } finally {
    await devnet.stop();
  }
}

/** The baseline: one bare anvil chain (no state, no contracts), from spawning it until it answers eth_chainId. */
export async function measureBareAnvilStartup(): Promise<number> {
  const started = performance.now();
  const node = await startAnvil({ chainId: 31337 });
  const ms = performance.now() - started;
  await node.stop();
  return ms;
}

/** What the devnet's start-up may cost beside one bare anvil's (it starts four, installs and seeds them). */
const DEVNET_RATIO = 20;

/** Median of 3 devnet start-ups, each followed by a bare anvil start-up, judged by the ratio of the two medians. */
export async function benchDevnet(runs = 3): Promise<BenchRow[]> {
  const devnet: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    devnet.push(await measureDevnetStartup());
    bare.push(await measureBareAnvilStartup());
  }
  return [
    ratioAtMost(
      `devnet start-up (4 chains, contracts, liquidity; median of ${runs})`,
      median(devnet) / 1000,
      median(bare) / 1000,
      's',
      DEVNET_RATIO,
      `baseline: one bare anvil chain started the same way, alternately (median of ${runs})`,
    ),
  ];
}

if (process.argv[1]?.endsWith('bench/devnet.ts')) {
  const { printTable } = await import('./table');
  printTable(await benchDevnet());
}
