import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlockExplorer, createBlockExplorer } from './blockExplorer';

// anvil's first well-known dev account.
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HOSTILE_TOKEN = '0x1111111111111111111111111111111111111111';

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin/anvil');
}

describe('devnet explorer', () => {
  let anvil: ChildProcess;
  let rpcUrl: string;
  let explorer: BlockExplorer;

  beforeAll(async () => {
    anvil = spawn(anvilBinary(), ['--port', '0', '--chain-id', '42161'], { stdio: ['ignore', 'pipe', 'ignore'] });
    rpcUrl = await new Promise<string>((resolve, reject) => {
      createInterface({ input: anvil.stdout! }).on('line', (line) => {
        const match = /Listening on ([\d.]+:\d+)/.exec(line);
        if (match) resolve(`http://${match[1]}`);
      });
      anvil.once('exit', (code) => reject(new Error(`anvil exited with ${code}`)));
    });
    explorer = createBlockExplorer({
      chains: [{ chainId: 42161, name: 'Arbitrum', rpcUrl, nativeSymbol: 'ETH', nativeDecimals: 18 }],
      tokensOf: () => [{ address: HOSTILE_TOKEN, symbol: '<b>X</b>', name: '<script>alert(1)</script>', decimals: 6 }],
    });
  });

  afterAll(() => {
    anvil?.kill('SIGKILL');
  });

  it('shows a transfer sent on the chain with its status, parties and value', async () => {
    const wallet = createWalletClient({ account: privateKeyToAccount(DEV_KEY), transport: http(rpcUrl) });
    const hash = await wallet.sendTransaction({ to: RECIPIENT, value: parseEther('1.5'), chain: null });
    // anvil mines after it has answered with the hash: on a busy machine the page could otherwise show it pending.
    await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash });
    const res = (await explorer.handle(`/explorer/42161/tx/${hash}`))!;
    expect(res.status).toBe(200);
    expect(res.body).toContain('Success');
    expect(res.body).toContain(RECIPIENT);
    expect(res.body).toContain('1.5 ETH');
    const chainPage = (await explorer.handle('/explorer/42161'))!;
    expect(chainPage.body).toContain(hash);
  });

  it('shows an address balance read from the chain', async () => {
    const res = (await explorer.handle(`/explorer/42161/address/${RECIPIENT}`))!;
    expect(res.status).toBe(200);
    expect(res.body).toContain('10001.5 ETH');
  });

  it('escapes every outside string', async () => {
    const res = (await explorer.handle(`/explorer/42161/token/${HOSTILE_TOKEN}`))!;
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers bad and unknown input with clear pages, not errors', async () => {
    expect((await explorer.handle('/explorer/42161/tx/0x123'))!.status).toBe(400);
    expect((await explorer.handle('/explorer/42161/token/not-an-address'))!.status).toBe(400);
    expect((await explorer.handle(`/explorer/42161/tx/0x${'00'.repeat(32)}`))!.status).toBe(404);
    expect((await explorer.handle(`/explorer/42161/token/${RECIPIENT}`))!.status).toBe(404);
    expect((await explorer.handle('/explorer/999/token/x'))!.status).toBe(404);
    expect(await explorer.handle('/v1/chains')).toBeUndefined();
  });
});
