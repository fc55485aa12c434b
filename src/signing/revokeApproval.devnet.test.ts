import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devAccount } from '../../server/devnet/accounts';
import { type Devnet, startDevnet } from '../../server/devnet/devnet';
import { anvilTabWallet } from '../../testing/wallet/anvilTabWallet';
import { createRpcReader } from '../chains/rpcReader';
import { TransactionGuardError } from '../checks/errors';
import { createSimulator } from '../checks/simulation/simulateBeforeSigning';
import { encodeApprove } from '../contracts/erc20';
import { ROUTER_ADDRESS } from '../contracts/router';
import type { Chain } from '../schemas/catalog';
import { WalletSession } from '../wallet/session';
import { revokeApproval } from './revokeApproval';

/**
 * Revoking an approval a transfer left open, against the devnet with a wallet that really sends on anvil and the
 * devnet's RPC as the trusted one: the approval of 0 goes through and the allowance reads 0; a spender that is no
 * router pinned for the chain is refused before the wallet is asked.
 */

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
let devnet: Devnet;
const rpcUrl = () => devnet.chains.find((c) => c.chainId === 1)!.rpcUrl;
const chain1 = { id: 1, name: 'Ethereum' } as Chain;

beforeAll(async () => {
  devnet = await startDevnet({ chainIds: [1], solana: false, timeFactor: 0.002 });
}, 180_000);
afterAll(async () => {
  await devnet?.stop();
});

describe('revokeApproval', () => {
  it('sets an open approval to 0 after the guard and a simulation, read back 0 on chain', async () => {
    const account = devAccount(4).address;
    const wallet = anvilTabWallet({ rpcUrl: rpcUrl(), account, chainId: 1 });
    const session = new WalletSession(wallet.tab, 'anvil');
    // The approval a transfer left open.
    const opened = await session.sendTransaction(
      { chainId: 1, from: account, to: USDC_ETH, data: encodeApprove(ROUTER_ADDRESS, 5_000_000n), value: 0n },
      'approval',
    );
    expect(await session.waitForReceipt(opened)).toBe(true);
    const reader = createRpcReader();
    expect((await reader.readAllowance(rpcUrl(), USDC_ETH, account, ROUTER_ADDRESS)).allowance).toBe(5_000_000n);

    await revokeApproval(
      { session, chain: chain1, account, token: USDC_ETH, spender: ROUTER_ADDRESS },
      { simulator: createSimulator({ rpcUrl: () => rpcUrl() }) },
    );
    expect((await reader.readAllowance(rpcUrl(), USDC_ETH, account, ROUTER_ADDRESS)).allowance).toBe(0n);
    expect(wallet.sends()).toHaveLength(2);
  });

  it('refuses a spender that is no router pinned for the chain, before the wallet is asked', async () => {
    const account = devAccount(4).address;
    const wallet = anvilTabWallet({ rpcUrl: rpcUrl(), account, chainId: 1 });
    const error = await revokeApproval(
      {
        session: new WalletSession(wallet.tab, 'anvil'),
        chain: chain1,
        account,
        token: USDC_ETH,
        spender: '0x000000000000000000000000000000000000dEaD',
      },
      { simulator: createSimulator({ rpcUrl: () => rpcUrl() }) },
    ).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect(wallet.sends()).toEqual([]);
  });
});
