import { encodeFunctionData, labelhash, namehash, type PublicClient } from 'viem';
import { ENS_PUBLIC_RESOLVER, ENS_REGISTRY, ENS_UNIVERSAL_RESOLVER } from '../../src/contracts/ens';
import { adminAccount, devAccount } from './accounts';
import { ensRegistryDevAbi, ensRegistryDevDeployedBytecode } from './artifacts/EnsRegistryDev';
import { ensResolverDevAbi, ensResolverDevDeployedBytecode } from './artifacts/EnsResolverDev';
import { ensUniversalResolverDevDeployedBytecode } from './artifacts/EnsUniversalResolverDev';
import { rpc, rpcBatch } from './rpc';

/** The devnet's chain where ENS lives, as on mainnet. */
export const ENS_DEVNET_CHAIN_ID = 1;

/**
 * Names registered at devnet start (`<label>.eth`, owned by the admin, account 9) and the user account each points
 * to: people and tests type them in the recipient field.
 */
export const DEVNET_ENS_NAMES: Readonly<Record<string, `0x${string}`>> = {
  'alice.eth': devAccount(1).address,
  'bob.eth': devAccount(2).address,
};

/**
 * Installs ENS on the devnet's Ethereum at mainnet's addresses (src/contracts/ens.ts): the registry, a public
 * resolver and the Universal Resolver (contracts/Ens*.sol), then registers DEVNET_ENS_NAMES. The Universal
 * Resolver's code is written again on every start (it keeps no storage); the registry and resolver keep their
 * records in a chain loaded from state, and names already registered are left as they are.
 */
export async function installEns(rpcUrl: string): Promise<void> {
  await rpcBatch(rpcUrl, [
    { method: 'anvil_setCode', params: [ENS_UNIVERSAL_RESOLVER, ensUniversalResolverDevDeployedBytecode] },
    { method: 'anvil_setCode', params: [ENS_REGISTRY, ensRegistryDevDeployedBytecode] },
    { method: 'anvil_setCode', params: [ENS_PUBLIC_RESOLVER, ensResolverDevDeployedBytecode] },
  ]);
  const admin = adminAccount().address;
  const rootOwner = await ownerOf(rpcUrl, namehash(''));
  if (rootOwner === undefined) await send(rpcUrl, ENS_REGISTRY, registryCall('initialize', [admin]));
  if ((await ownerOf(rpcUrl, namehash('eth'))) === undefined) {
    await send(rpcUrl, ENS_REGISTRY, registryCall('setSubnodeOwner', [namehash(''), labelhash('eth'), admin]));
  }
  for (const [name, address] of Object.entries(DEVNET_ENS_NAMES)) {
    if ((await ownerOf(rpcUrl, namehash(name))) !== undefined) continue;
    const [label] = name.split('.');
    await send(rpcUrl, ENS_REGISTRY, registryCall('setSubnodeOwner', [namehash('eth'), labelhash(label!), admin]));
    await send(rpcUrl, ENS_REGISTRY, registryCall('setResolver', [namehash(name), ENS_PUBLIC_RESOLVER]));
    await setDevnetEnsAddress(rpcUrl, name, address);
  }
}

/** Points a registered devnet name at another address (as its owner would): tests change a resolution with it. */
export async function setDevnetEnsAddress(rpcUrl: string, name: string, address: `0x${string}`): Promise<void> {
  await send(
    rpcUrl,
    ENS_PUBLIC_RESOLVER,
    encodeFunctionData({
      abi: ensResolverDevAbi,
      functionName: 'setAddr',
      args: [namehash(name), address],
    }),
  );
}

/** The address a devnet name points to, read from its resolver (tests compare what the extension showed). */
export async function devnetEnsAddress(client: PublicClient, name: string): Promise<`0x${string}`> {
  return client.readContract({
    address: ENS_PUBLIC_RESOLVER,
    abi: ensResolverDevAbi,
    functionName: 'addr',
    args: [namehash(name)],
  });
}

function registryCall(functionName: 'initialize' | 'setSubnodeOwner' | 'setResolver', args: readonly unknown[]) {
  // biome-ignore lint/suspicious/noExplicitAny: one helper for the registry's three set-up functions.
  return encodeFunctionData({ abi: ensRegistryDevAbi, functionName, args } as any);
}

async function ownerOf(rpcUrl: string, node: `0x${string}`): Promise<`0x${string}` | undefined> {
  const data = encodeFunctionData({ abi: ensRegistryDevAbi, functionName: 'owner', args: [node] });
  const answer = (await rpc(rpcUrl, 'eth_call', [{ to: ENS_REGISTRY, data }, 'latest'])) as `0x${string}`;
  return /^0x0*$/.test(answer) ? undefined : `0x${answer.slice(-40)}`;
}

/** One transaction from the admin (anvil's unlocked account 9), waited for until mined; a revert stops the set-up. */
async function send(rpcUrl: string, to: `0x${string}`, data: `0x${string}`): Promise<void> {
  const hash = (await rpc(rpcUrl, 'eth_sendTransaction', [
    { from: adminAccount().address, to, data, gas: '0x30000' },
  ])) as string;
  // Automining mines it at once, though its receipt may lag the answer on a loaded machine.
  for (let tries = 0; tries < 200; tries++) {
    const receipt = (await rpc(rpcUrl, 'eth_getTransactionReceipt', [hash])) as { status: string } | null;
    if (receipt?.status === '0x1') return;
    if (receipt) throw new Error(`devnet ENS set-up transaction to ${to} reverted`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`devnet ENS set-up transaction to ${to} was not mined`);
}
