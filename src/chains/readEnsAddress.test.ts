import { encodeErrorResult, parseAbi } from 'viem';
import { mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { ENS_UNIVERSAL_RESOLVER } from '../contracts/ens';
import { RpcReadError } from './chainReadError';
import { EnsOffchainError, readEnsAddress } from './readEnsAddress';
import { trustedClient } from './trustedClient';

/**
 * What no devnet contract answers: an RPC of another chain, and a resolver that would answer only off chain
 * (EIP-3668), which the trusted client does not follow. The devnet's resolution: readEnsAddress.devnet.test.ts.
 */

type Call = { id: number; method: string; params: unknown[] };

/** A node answering eth_chainId with `chainId` and every eth_call with `call`. */
function fakeNode(chainId: number, call: (params: unknown[]) => object) {
  const calls: Call[] = [];
  const fetchFn = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Call | Call[];
    const list = Array.isArray(body) ? body : [body];
    calls.push(...list);
    const answers = list.map((c) => ({
      jsonrpc: '2.0',
      id: c.id,
      ...(c.method === 'eth_chainId' ? { result: `0x${chainId.toString(16)}` } : call(c.params)),
    }));
    return new Response(JSON.stringify(Array.isArray(body) ? answers : answers[0]), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { client: trustedClient('https://rpc.example', { fetch: fetchFn }), calls };
}

const offchainLookup = encodeErrorResult({
  abi: parseAbi([
    'error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData)',
  ]),
  errorName: 'OffchainLookup',
  args: [ENS_UNIVERSAL_RESOLVER, ['https://gateway.example/{sender}/{data}'], '0x1234', '0x12345678', '0x'],
});

describe('readEnsAddress', () => {
  it("keeps ENS's own Universal Resolver address, as viem's mainnet names it", () => {
    expect(ENS_UNIVERSAL_RESOLVER.toLowerCase()).toBe(mainnet.contracts.ensUniversalResolver.address.toLowerCase());
  });

  it("asks ENS's Universal Resolver on Ethereum", async () => {
    const { client, calls } = fakeNode(1, () => ({ error: { code: 3, message: 'execution reverted', data: '0x' } }));
    await readEnsAddress(client, { name: 'alice.eth' }).catch(() => undefined);
    const call = calls.find((c) => c.method === 'eth_call');
    expect((call!.params[0] as { to: string }).to.toLowerCase()).toBe(ENS_UNIVERSAL_RESOLVER.toLowerCase());
  });

  it('refuses an RPC that serves another chain than Ethereum, in words', async () => {
    const { client } = fakeNode(10, () => ({ result: '0x' }));
    const error = await readEnsAddress(client, { name: 'alice.eth' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcReadError);
    expect((error as RpcReadError).shortMessage).toMatch(/rpc\.example/);
  });

  it('does not follow an off-chain lookup: the name is said to resolve off chain', async () => {
    const { client, calls } = fakeNode(1, () => ({
      error: { code: 3, message: 'execution reverted', data: offchainLookup },
    }));
    const error = await readEnsAddress(client, { name: 'name.cb.id' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EnsOffchainError);
    expect((error as EnsOffchainError).shortMessage).toContain('name.cb.id');
    // Nothing but the chain was asked: no gateway.
    expect(calls.every((c) => c.method === 'eth_chainId' || c.method === 'eth_call')).toBe(true);
  });
});
