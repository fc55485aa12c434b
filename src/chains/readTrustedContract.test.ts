import { createWalletClient, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { waitForTransactionReceipt } from 'viem/actions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_TEST_KEYS } from '../../devtools/devwallet/keys';
import { type AnvilNode, startAnvil } from '../../server/devnet/anvil';
import { devTokenAbi, devTokenDeployedBytecode } from '../../server/devnet/artifacts/DevToken';
import { RpcReadError } from './chainReadError';
import { readTrustedContract } from './readTrustedContract';
import { trustedClient } from './trustedClient';

/** A contract's own answer through the trusted client, on a real chain (anvil) with a real ERC-20 (DevToken). */

const account = privateKeyToAccount(ANVIL_TEST_KEYS[0]!);
const TOKEN = '0x00000000000000000000000000000000000070c2' as const;
const NOBODY = '0x000000000000000000000000000000000000bEEF' as const;
const erc20 = parseAbi(['function symbol() view returns (string)', 'function decimals() view returns (uint8)']);

let node: AnvilNode;
beforeAll(async () => {
  node = await startAnvil({ chainId: 10 });
  await fetch(node.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [TOKEN, devTokenDeployedBytecode] }),
  });
  const wallet = createWalletClient({ account, transport: http(node.rpcUrl) });
  const hash = await wallet.writeContract({
    chain: null,
    address: TOKEN,
    abi: devTokenAbi,
    functionName: 'initialize',
    args: ['Test', 'TST', 6, false, account.address],
  });
  await waitForTransactionReceipt(trustedClient(node.rpcUrl), { hash });
});
afterAll(() => node?.stop());

describe('readTrustedContract', () => {
  it("reads a contract's own answer, decoded by its ABI, from the chain it was asked of", async () => {
    const client = trustedClient(node.rpcUrl);
    const [symbol, decimals] = await Promise.all([
      readTrustedContract(client, { chainId: 10, address: TOKEN, abi: erc20, functionName: 'symbol' }),
      readTrustedContract(client, { chainId: 10, address: TOKEN, abi: erc20, functionName: 'decimals' }),
    ]);
    expect(symbol).toBe('TST');
    expect(decimals).toBe(6);
  });

  it('refuses an RPC serving another chain, and an address that answers nothing, in words', async () => {
    const client = trustedClient(node.rpcUrl);
    const host = new URL(node.rpcUrl).host;
    await expect(
      readTrustedContract(client, { chainId: 8453, address: TOKEN, abi: erc20, functionName: 'symbol' }),
    ).rejects.toThrow(`The RPC at ${host} serves chain 10, not chain 8453.`);
    const none = await readTrustedContract(client, {
      chainId: 10,
      address: NOBODY,
      abi: erc20,
      functionName: 'decimals',
    }).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(RpcReadError);
    expect((none as RpcReadError).shortMessage).toBe('The RPC answered an unreadable decimals.');
  });
});
