import { parseTransaction, recoverTransactionAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { createDevWallet } from './devWallet';

const ACCOUNT0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function fakeRpc() {
  const calls: { url: string; method: string; params: unknown[] }[] = [];
  const fetch = (async (url: string, init: { body: string }) => {
    const { id, method, params } = JSON.parse(init.body);
    calls.push({ url, method, params });
    const results: Record<string, unknown> = {
      eth_getTransactionCount: '0x3',
      eth_gasPrice: '0x3b9aca00',
      eth_estimateGas: '0x5208',
      eth_sendRawTransaction: `0x${'ab'.repeat(32)}`,
      eth_blockNumber: '0x10',
    };
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: results[method] ?? null }));
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const chains = [
  { chainId: 1, rpcUrl: 'http://127.0.0.1:1/eth' },
  { chainId: 10, rpcUrl: 'http://127.0.0.1:1/op' },
];

describe('Dev Wallet', () => {
  it('connects, reports chain and accounts', async () => {
    const wallet = createDevWallet({ chains, fetch: fakeRpc().fetch });
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT0]);
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([ACCOUNT0]);
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x1');
  });

  it('switches chains, answers 4902 for unknown ones, and adds chains', async () => {
    const wallet = createDevWallet({ chains, fetch: fakeRpc().fetch });
    const seen: unknown[] = [];
    wallet.on('chainChanged', (id) => seen.push(id));
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] });
    expect(seen).toEqual(['0xa']);
    await expect(
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).rejects.toMatchObject({ code: 4902 });
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x2105', chainName: 'Base', rpcUrls: ['http://127.0.0.1:1/base'] }],
    });
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] });
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x2105');
  });

  it('rejects with 4001 when the person declines', async () => {
    const wallet = createDevWallet({ chains, fetch: fakeRpc().fetch, confirm: () => false });
    await expect(wallet.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4001 });
  });

  it('signs locally and sends the raw transaction to the current chain', async () => {
    const rpc = fakeRpc();
    const wallet = createDevWallet({ chains, fetch: rpc.fetch, initialChainId: 10 });
    await wallet.request({ method: 'eth_requestAccounts' });
    const hash = await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: ACCOUNT0, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x10', data: '0x' }],
    });
    expect(hash).toBe(`0x${'ab'.repeat(32)}`);
    const raw = rpc.calls.find((c) => c.method === 'eth_sendRawTransaction')!;
    expect(raw.url).toBe('http://127.0.0.1:1/op');
    const serialized = raw.params[0] as `0x${string}`;
    const tx = parseTransaction(serialized);
    expect(tx).toMatchObject({ chainId: 10, nonce: 3, value: 16n, gas: 21000n });
    expect(await recoverTransactionAddress({ serializedTransaction: serialized as never })).toBe(ACCOUNT0);
  });

  it('forwards reads and refuses message signing', async () => {
    const rpc = fakeRpc();
    const wallet = createDevWallet({ chains, fetch: rpc.fetch });
    expect(await wallet.request({ method: 'eth_blockNumber' })).toBe('0x10');
    await expect(wallet.request({ method: 'personal_sign', params: ['0x00', ACCOUNT0] })).rejects.toMatchObject({
      code: 4200,
    });
  });
});
