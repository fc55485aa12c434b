import { createPublicClient, createWalletClient, encodeFunctionData, http, keccak256, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_TEST_KEYS } from '../../devtools/devwallet/keys';
import { type AnvilNode, freePort, startAnvil } from '../../server/devnet/anvil';
import { devTokenAbi, devTokenDeployedBytecode } from '../../server/devnet/artifacts/DevToken';
import { type ScriptedServer, startScriptedServer } from '../../testing/scriptedServer';
import { createRpcReader, RpcReadError } from './rpcReader';

const account = privateKeyToAccount(ANVIL_TEST_KEYS[0]!);
const TO = '0x000000000000000000000000000000000000bEEF';

/** A real ERC-20 (the devnet's DevToken, 6 decimals, "TST") put at `token` and initialised by `account`. */
async function deployTestToken(rpcUrl: string, token: `0x${string}`) {
  await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [token, devTokenDeployedBytecode] }),
  });
  const wallet = createWalletClient({ account, transport: http(rpcUrl) });
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  const init = await wallet.writeContract({
    chain: null,
    address: token,
    abi: devTokenAbi,
    functionName: 'initialize',
    args: ['Test', 'TST', 6, false, account.address],
  });
  await publicClient.waitForTransactionReceipt({ hash: init });
  return { wallet, publicClient };
}

describe('rpcReader against a real chain (anvil)', () => {
  let node: AnvilNode;
  let sent: `0x${string}`;

  beforeAll(async () => {
    node = await startAnvil({ chainId: 42161 });
    const wallet = createWalletClient({ account, transport: http(node.rpcUrl) });
    sent = await wallet.sendTransaction({
      chain: null,
      to: TO,
      data: '0xdeadbeef00',
      value: 12345n,
    });
    // Auto-mining is not synchronous with the hash's return: wait, so the read below sees a mined transaction.
    await createPublicClient({ transport: http(node.rpcUrl) }).waitForTransactionReceipt({ hash: sent });
  });
  afterAll(() => node?.stop());

  it('reads a sent transaction and the chain the RPC serves in one batched request', async () => {
    const read = await createRpcReader().readSentTransaction(node.rpcUrl, sent);
    expect(read.rpcChainId).toBe(42161);
    expect(read.transaction).toMatchObject({
      hash: sent,
      from: account.address.toLowerCase(),
      to: TO.toLowerCase(),
      input: '0xdeadbeef00',
      value: 12345n,
      chainId: 42161,
    });
    expect(read.transaction?.blockNumber).toBeTypeOf('bigint');
    // What it cost, as the chain's own receipt gives it (viem's reading of it, beside ours).
    const receipt = await createPublicClient({ transport: http(node.rpcUrl) }).getTransactionReceipt({ hash: sent });
    expect(read.receipt).toEqual({ reverted: false, gasPaid: receipt.gasUsed * receipt.effectiveGasPrice });
  });

  it('reads a reverted receipt with the revert data of its replay', async () => {
    const token = '0x00000000000000000000000000000000000070c1' as const;
    const { wallet, publicClient } = await deployTestToken(node.rpcUrl, token);
    // More than the account holds (nothing): the token reverts; a fixed gas limit skips the wallet's estimate.
    const hash = await wallet.sendTransaction({
      chain: null,
      to: token,
      gas: 200_000n,
      data: encodeFunctionData({ abi: devTokenAbi, functionName: 'transfer', args: [TO, 5n] }),
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    const read = await createRpcReader().readSentTransaction(node.rpcUrl, hash);
    expect(read.transaction?.hash).toBe(hash);
    // A reverted transaction still paid for its gas.
    expect(read.receipt).toEqual({
      reverted: true,
      revertData: expect.stringMatching(/^0x[0-9a-f]{8}/),
      gasPaid: receipt.gasUsed * receipt.effectiveGasPrice,
    });
  });

  it('tells a contract from an account, with the chain it read', async () => {
    const reader = createRpcReader();
    // A contract put on the chain, and the plain account that sent the transaction above.
    const contract = '0x00000000000000000000000000000000c0ffee00' as const;
    await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [contract, '0x6001600055'] }),
    });
    expect(await reader.readHasCode(node.rpcUrl, contract)).toEqual({ rpcChainId: 42161, hasCode: true });
    expect(await reader.readHasCode(node.rpcUrl, account.address)).toEqual({ rpcChainId: 42161, hasCode: false });
    // An EIP-7702 account: its code is the delegation designator alone, and it is told apart from a contract.
    const delegated = '0x00000000000000000000000000000000000d7702' as const;
    await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setCode',
        params: [delegated, `0xef0100${contract.slice(2)}`],
      }),
    });
    expect(await reader.readHasCode(node.rpcUrl, delegated)).toEqual({
      rpcChainId: 42161,
      hasCode: true,
      delegatedTo: contract,
    });
  });

  it('reads an ERC-20 allowance on a real token, and refuses an address without one', async () => {
    const token = '0x00000000000000000000000000000000000070c0' as const;
    const spender = '0x0000000000000000000000000000000000005be0' as const;
    const { wallet, publicClient } = await deployTestToken(node.rpcUrl, token);
    const reader = createRpcReader();
    expect(await reader.readAllowance(node.rpcUrl, token, account.address, spender)).toEqual({
      rpcChainId: 42161,
      allowance: 0n,
    });
    const approval = await wallet.writeContract({
      chain: null,
      address: token,
      abi: devTokenAbi,
      functionName: 'approve',
      args: [spender, 1_500_000n],
    });
    await publicClient.waitForTransactionReceipt({ hash: approval });
    expect((await reader.readAllowance(node.rpcUrl, token, account.address, spender)).allowance).toBe(1_500_000n);
    // No code at the address: eth_call answers 0x, which is not an allowance of zero.
    await expect(reader.readAllowance(node.rpcUrl, TO, account.address, spender)).rejects.toThrow(/allowance/);

    // The token's own words for itself, and balances in one request, leaving out what is not a token.
    expect(await reader.readTokenMetadata(node.rpcUrl, token)).toEqual({
      rpcChainId: 42161,
      name: 'Test',
      symbol: 'TST',
      decimals: 6,
    });
    await expect(reader.readTokenMetadata(node.rpcUrl, TO)).rejects.toThrow(RpcReadError);
    const native = '0x0000000000000000000000000000000000000000';
    const read = await reader.readBalances(node.rpcUrl, account.address, [native, token, TO]);
    expect(read.rpcChainId).toBe(42161);
    expect(read.balances.get(native)).toBeGreaterThan(10n ** 18n);
    expect(read.balances.get(token)).toBe(0n);
    expect(read.balances.has(TO.toLowerCase())).toBe(false);
  });

  it('answers null for a hash the chain does not know', async () => {
    const read = await createRpcReader().readSentTransaction(node.rpcUrl, keccak256(toHex('never sent')));
    expect(read).toEqual({ rpcChainId: 42161, transaction: null });
  });
});

describe('rpcReader failures', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());
  const hash = keccak256(toHex('x'));

  it('gives up after its bounded retries when nothing listens', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const reader = createRpcReader({ attempts: 2, retryDelayMs: () => 10 });
    await expect(reader.readSentTransaction(url, hash)).rejects.toThrow(RpcReadError);
  });

  it('times out a silent RPC, retries 5xx, and does not retry a refusal', async () => {
    server.reset();
    server.script('POST /slow', { delayMs: 2_000, body: [] });
    const slow = createRpcReader({ timeoutMs: 100, attempts: 2, retryDelayMs: () => 10 });
    await expect(slow.readSentTransaction(`${server.url}/slow`, hash)).rejects.toThrow(/did not answer/);
    expect(server.requestsTo('POST /slow')).toHaveLength(2);

    server.script('POST /flaky', { status: 503 }, ({ body }) => ({
      body: (JSON.parse(body) as { id: number }[]).map(({ id }) => ({ jsonrpc: '2.0', id, result: id ? null : '0x1' })),
    }));
    const reader = createRpcReader({ attempts: 3, retryDelayMs: () => 10 });
    expect(await reader.readSentTransaction(`${server.url}/flaky`, hash)).toEqual({ rpcChainId: 1, transaction: null });

    server.script('POST /refuses', { status: 403 });
    await expect(reader.readSentTransaction(`${server.url}/refuses`, hash)).rejects.toThrow(/HTTP 403/);
    expect(server.requestsTo('POST /refuses')).toHaveLength(1);
  });

  it('refuses an answer it cannot read rather than guessing', async () => {
    server.reset();
    const answer = (tx: unknown) => ({
      body: [
        { jsonrpc: '2.0', id: 0, result: '0x1' },
        { id: 1, result: tx },
        { id: 2, result: null },
      ],
    });
    const reader = createRpcReader({ attempts: 1 });
    const good = { hash, from: account.address, to: TO, input: '0x', value: '0x0', blockNumber: '0x1' };
    for (const bad of [{ ...good, from: 'me' }, { ...good, input: '0xabc' }, { ...good, value: 12 }, 'tx']) {
      server.script('POST /odd', answer(bad));
      await expect(reader.readSentTransaction(`${server.url}/odd`, hash)).rejects.toThrow(/unreadable/);
    }
    server.script('POST /odd', { body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no batch' } } });
    await expect(reader.readSentTransaction(`${server.url}/odd`, hash)).rejects.toThrow(/refused/);
  });
});

describe('rpcReader token words', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server.close());
  const bytes32 = (text: string) => `0x${Buffer.from(text).toString('hex').padEnd(64, '0')}`;
  const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

  it('reads a bytes32 name and symbol (MKR and other early tokens), and strips control characters', async () => {
    server.script('POST /mkr', {
      body: [
        { jsonrpc: '2.0', id: 0, result: '0x1' },
        { jsonrpc: '2.0', id: 1, result: bytes32('Maker') },
        { jsonrpc: '2.0', id: 2, result: bytes32('MKR\u0007') },
        { jsonrpc: '2.0', id: 3, result: word(18) },
      ],
    });
    expect(await createRpcReader().readTokenMetadata(`${server.url}/mkr`, TO)).toEqual({
      rpcChainId: 1,
      name: 'Maker',
      symbol: 'MKR',
      decimals: 18,
    });
  });

  it('refuses absurd decimals and an empty symbol', async () => {
    server.script('POST /odd', {
      body: [
        { jsonrpc: '2.0', id: 0, result: '0x1' },
        { jsonrpc: '2.0', id: 1, result: bytes32('Odd') },
        { jsonrpc: '2.0', id: 2, result: bytes32('') },
        { jsonrpc: '2.0', id: 3, result: word(77) },
      ],
    });
    await expect(createRpcReader().readTokenMetadata(`${server.url}/odd`, TO)).rejects.toThrow(/decimals/);
  });
});
