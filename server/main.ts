import { parseArgs } from 'node:util';
import { startServer } from './app';
import type { CatalogKind } from './catalog/catalog';
import { LOG_LEVELS, type LogLevel } from './log';
import type { DevnetHandle } from './ports';

const USAGE = `Usage: npm run service -- [--port 8787] [--host 127.0.0.1] [--catalog default|large] [--keys FILE]
                           [--time-factor 1] [--log-level silent|error|warn|info|debug] [--devnet [--state-dir DIR]]
                           [--dialect spec|lifi]
Environment: PORT, BRIDGE_DIALECT, BRIDGE_STATE_DIR, BRIDGE_CATALOG, BRIDGE_API_KEYS_FILE, BRIDGE_TIME_FACTOR, BRIDGE_LOG_LEVEL, BRIDGE_ROUTE_SECRET`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

/** The devnet is another module (server/devnet/devnet.ts): imported only when asked for, so the plain service never needs anvil. */
async function startDevnet(
  timeFactor: number | undefined,
  logLevel: LogLevel,
  stateDir: string | undefined,
): Promise<DevnetHandle & { timeFactor?: number }> {
  const modulePath = './devnet/devnet';
  let mod: {
    startDevnet?: (options: {
      timeFactor?: number;
      stateDir?: string;
      log?: (line: string) => void;
    }) => Promise<DevnetHandle & { timeFactor?: number }>;
  };
  try {
    mod = await import(modulePath);
  } catch (err) {
    throw new Error(`--devnet needs server/devnet/devnet.ts, which could not be loaded: ${(err as Error).message}`);
  }
  if (typeof mod.startDevnet !== 'function') throw new Error('server/devnet/devnet.ts does not export startDevnet');
  return mod.startDevnet({
    ...(timeFactor !== undefined ? { timeFactor } : {}),
    // With a state dir the chains (and the transfers in flight) survive a restart of the service.
    ...(stateDir !== undefined ? { stateDir } : {}),
    ...(logLevel === 'silent' ? {} : { log: (line: string) => process.stderr.write(`devnet: ${line}\n`) }),
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      catalog: { type: 'string' },
      keys: { type: 'string' },
      'time-factor': { type: 'string' },
      'log-level': { type: 'string' },
      devnet: { type: 'boolean' },
      'state-dir': { type: 'string' },
      dialect: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port ?? process.env.PORT ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`Invalid port: ${values.port}`);
  const catalog = values.catalog ?? process.env.BRIDGE_CATALOG ?? 'default';
  if (catalog !== 'default' && catalog !== 'large') fail(`Invalid catalog: ${catalog}`);
  const timeFactorText = values['time-factor'] ?? process.env.BRIDGE_TIME_FACTOR;
  const givenTimeFactor = timeFactorText === undefined ? undefined : Number(timeFactorText);
  if (givenTimeFactor !== undefined && !(givenTimeFactor > 0)) fail(`Invalid time factor: ${timeFactorText}`);
  const logLevel = (values['log-level'] ?? process.env.BRIDGE_LOG_LEVEL ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) fail(`Invalid log level: ${logLevel}`);
  const keysFile = values.keys ?? process.env.BRIDGE_API_KEYS_FILE;
  const dialect = values.dialect ?? process.env.BRIDGE_DIALECT ?? 'spec';
  if (dialect !== 'spec' && dialect !== 'lifi') fail(`Invalid dialect: ${dialect}`);

  const devnet = values.devnet
    ? await startDevnet(givenTimeFactor, logLevel, values['state-dir'] ?? process.env.BRIDGE_STATE_DIR)
    : undefined;
  // Without an explicit factor the devnet's own default (faster than mainnet) applies to the quotes too.
  const timeFactor = givenTimeFactor ?? devnet?.timeFactor ?? 1;
  const server = await startServer({
    port,
    host: values.host ?? '127.0.0.1',
    catalog: catalog as CatalogKind,
    dialect: dialect as 'spec' | 'lifi',
    timeFactor,
    logLevel,
    ...(keysFile ? { keysFile } : {}),
    ...(devnet ? { devnet } : {}),
    ...(process.env.BRIDGE_ROUTE_SECRET ? { routeSecret: process.env.BRIDGE_ROUTE_SECRET } : {}),
  }).catch(async (err) => {
    await devnet?.stop();
    throw err;
  });
  process.stdout.write(`listening on ${server.url}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: shutting down\n`);
    await server.close();
    await devnet?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
