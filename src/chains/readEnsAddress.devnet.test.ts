import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devAccount } from '../../server/devnet/accounts';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { DEVNET_ENS_NAMES, devnetEnsAddress, setDevnetEnsAddress } from '../../server/devnet/ens';
import { ROUTER_ADDRESS } from '../contracts/router';
import { RpcReadError } from './chainReadError';
import { EnsNameInvalidError, readEnsAddress } from './readEnsAddress';
import { trustedClient } from './trustedClient';

/**
 * ENS names resolved through the trusted client with viem's getEnsAddress against the devnet's Ethereum, where
 * contracts/Ens*.sol stand at ENS's own addresses with names registered at start (server/devnet/ens.ts).
 */

let devnet: Devnet;
const rpcUrl = () => devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;

beforeAll(async () => {
  devnet = await startDevnet({ chainIds: [1], solana: false, timeFactor: 0.002 });
}, 180_000);
afterAll(async () => {
  await devnet?.stop();
});

describe('readEnsAddress on the devnet', () => {
  it('resolves a registered name to its account, checksummed, whatever its case', async () => {
    const client = trustedClient(rpcUrl());
    expect(DEVNET_ENS_NAMES['alice.eth']).toBe(devAccount(1).address);
    expect(await readEnsAddress(client, { name: 'alice.eth' })).toEqual({
      name: 'alice.eth',
      address: devAccount(1).address,
    });
    expect(await readEnsAddress(client, { name: ' Alice.ETH ' })).toEqual({
      name: 'alice.eth',
      address: devAccount(1).address,
    });
    expect((await readEnsAddress(client, { name: 'bob.eth' })).address).toBe(devAccount(2).address);
  });

  it('answers null for a name that is not registered, and for a registered one whose address is unset', async () => {
    const client = trustedClient(rpcUrl());
    expect(await readEnsAddress(client, { name: 'nobody.eth' })).toEqual({ name: 'nobody.eth', address: null });
    expect((await readEnsAddress(client, { name: 'alice.eth.eth' })).address).toBeNull();
  });

  it('follows a name its owner points elsewhere', async () => {
    const client = trustedClient(rpcUrl());
    const other = devAccount(3).address;
    await setDevnetEnsAddress(rpcUrl(), 'bob.eth', other);
    expect(await devnetEnsAddress(createPublicClient({ transport: http(rpcUrl()) }), 'bob.eth')).toBe(other);
    expect((await readEnsAddress(client, { name: 'bob.eth' })).address).toBe(other);
    await setDevnetEnsAddress(rpcUrl(), 'bob.eth', '0x0000000000000000000000000000000000000000');
    expect((await readEnsAddress(client, { name: 'bob.eth' })).address).toBeNull();
    await setDevnetEnsAddress(rpcUrl(), 'bob.eth', devAccount(2).address);
  });

  it('refuses text that is no ENS name before any read', async () => {
    const client = trustedClient(rpcUrl());
    await expect(readEnsAddress(client, { name: 'alice..eth' })).rejects.toBeInstanceOf(EnsNameInvalidError);
    await expect(readEnsAddress(client, { name: 'ali ce.eth' })).rejects.toBeInstanceOf(EnsNameInvalidError);
    await expect(readEnsAddress(client, { name: 'alice' })).rejects.toBeInstanceOf(EnsNameInvalidError);
  });

  it('says an address with another contract (no Universal Resolver) is unreadable, never "no address"', async () => {
    const client = trustedClient(rpcUrl());
    const error = await readEnsAddress(client, { name: 'alice.eth', universalResolver: ROUTER_ADDRESS }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RpcReadError);
  });
});
