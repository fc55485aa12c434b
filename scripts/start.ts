import { parseArgs } from 'node:util';
import { findChromium } from './start/browser';
import { runHeadlessDemo } from './start/demo';
import { ensureDisplay } from './start/display';
import { ProcessGroup } from './start/processes';
import { DEMO_TOKEN, openExtensionWindow, type Stack, startStack } from './start/stack';

/**
 * `npm start`: the whole product running for a person to try, offline. `npm start -- --headless` drives one demo
 * transfer by itself and writes screenshots of each step.
 */
const { values } = parseArgs({ options: { headless: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('Usage: npm start [-- --headless]');
  process.exit(0);
}

const log = (line: string) => console.log(line);
const group = new ProcessGroup();
let stack: Stack | undefined;
group.stopOnSignals(async () => {
  log('\nstopping…');
  await stack?.stop();
});

async function main(): Promise<void> {
  const headless = values.headless ?? false;
  // Before any chain starts: without a Chromium there is nothing to show, and the person needs the one command.
  const chromium = findChromium();
  if (!chromium.ok) {
    console.error(chromium.message);
    process.exit(1);
  }
  const display = headless ? undefined : await ensureDisplay(group);
  if (!headless && !display) {
    console.error(
      'No display to show Chromium on, and no Xvfb to make one.\n' +
        '  - run it where there is a desktop, or\n' +
        '  - install Xvfb (apt-get install -y xvfb) and run npm start again, or\n' +
        '  - run `npm start -- --headless` to watch a demo transfer run by itself (screenshots of each step).',
    );
    process.exit(1);
  }
  if (display && !process.env.DISPLAY) log(`no display: Chromium runs on a private Xvfb display ${display}`);

  stack = await startStack({ headless, display, log });
  const rpcs = stack.devnet.chains.map((c) => `    chain ${c.chainId}: ${c.rpcUrl}`).join('\n');

  if (headless) {
    const dir = await runHeadlessDemo(stack, log);
    log(`\ndemo transfer completed; screenshots in ${dir}`);
    await group.exit(0);
  }

  await openExtensionWindow(stack);
  log(`
Bridge Companion is running.
  Routing service:  ${stack.service.url}
  Dev Wallet dapp:  ${stack.dapp.url}  (first tab; it asks you to confirm each request)
  Explorer:         ${stack.service.url}/explorer/${DEMO_TOKEN.chainId}/token/${DEMO_TOKEN.address}  (second tab, with the inline quote card)
  The extension's popup is open in its own window next to the dapp (the toolbar icon opens the same popup).

Devnet chains (add one to your own wallet with its RPC URL and chain ID):
${rpcs}
  Dev accounts: anvil's default mnemonic ("test test test ... junk"), accounts 0-7 funded with ETH and tokens.

Press Ctrl-C to stop everything.`);
  stack.context.on('close', () => {
    log('browser closed: stopping');
    void group.exit(0);
  });
}

main().catch(async (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  await group.exit(1);
});
