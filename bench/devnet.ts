import { startDevnet } from '../server/devnet/devnet';

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

if (process.argv[1]?.endsWith('bench/devnet.ts')) {
  measureDevnetStartup().then((ms) => console.log(`devnet start-up: ${ms} ms`));
}
