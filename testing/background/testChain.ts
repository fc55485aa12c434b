import { encodeFunctionData } from 'viem';
import { type AnvilNode, startAnvil } from '../../server/devnet/anvil';
import { devTokenAbi, devTokenDeployedBytecode } from '../../server/devnet/artifacts/DevToken';
import { rpc } from '../../server/devnet/rpc';

/**
 * A real destination chain for the arrival watch's tests and the bench: one anvil node (free port) with the devnet's
 * ERC-20 installed at the given addresses, and anvil's first unlocked account holding a supply of each. `send`
 * makes a real token transfer (a mined transaction with its Transfer log), `sendNative` a real coin transfer.
 */
export type TestChain = {
  node: AnvilNode;
  rpcUrl: string;
  send(token: `0x${string}`, to: `0x${string}`, amount: bigint): Promise<`0x${string}`>;
  sendNative(to: `0x${string}`, amount: bigint): Promise<`0x${string}`>;
  /** anvil's first account approves `spender` for `amount` of `token` (a real, mined approval). */
  approve(token: `0x${string}`, spender: `0x${string}`, amount: bigint): Promise<`0x${string}`>;
  /** Mines empty blocks (time passing on the chain). */
  mine(blocks: number): Promise<void>;
  stop(): Promise<void>;
};

/** anvil's first default account (unlocked, funded with 10,000 ETH). */
export const ANVIL_SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;

export async function startTestChain(chainId: number, tokens: `0x${string}`[]): Promise<TestChain> {
  const node = await startAnvil({ chainId });
  const url = node.rpcUrl;
  const sendTx = async (to: `0x${string}`, data: `0x${string}`, value = 0n) => {
    const hash = (await rpc(url, 'eth_sendTransaction', [
      { from: ANVIL_SENDER, to, data, value: `0x${value.toString(16)}` },
    ])) as `0x${string}`;
    // anvil may answer the hash before the block is in: wait until the receipt is there (the log is readable).
    for (let i = 0; i < 200; i++) {
      const receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as { status?: string } | null;
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error(`test chain transaction ${hash} reverted`);
        return hash;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`test chain transaction ${hash} was not mined`);
  };
  try {
    for (const token of tokens) {
      await rpc(url, 'anvil_setCode', [token, devTokenDeployedBytecode]);
      await sendTx(
        token,
        encodeFunctionData({
          abi: devTokenAbi,
          functionName: 'initialize',
          args: ['Test', 'TST', 6, false, ANVIL_SENDER],
        }),
      );
      await sendTx(
        token,
        encodeFunctionData({ abi: devTokenAbi, functionName: 'mint', args: [ANVIL_SENDER, 10n ** 30n] }),
      );
    }
  } catch (err) {
    await node.stop();
    throw err;
  }
  return {
    node,
    rpcUrl: url,
    send: (token, to, amount) =>
      sendTx(token, encodeFunctionData({ abi: devTokenAbi, functionName: 'transfer', args: [to, amount] })),
    sendNative: (to, amount) => sendTx(to, '0x', amount),
    approve: (token, spender, amount) =>
      sendTx(token, encodeFunctionData({ abi: devTokenAbi, functionName: 'approve', args: [spender, amount] })),
    mine: async (blocks) => {
      await rpc(url, 'anvil_mine', [`0x${blocks.toString(16)}`]);
    },
    stop: () => node.stop(),
  };
}
