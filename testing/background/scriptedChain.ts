import type { TransferInput } from '../../src/model/transfer';
import type { RecordedRequest, ScriptedResponse } from '../scriptedServer';

/**
 * A scripted JSON-RPC node for the background's sent-transaction check: eth_chainId is the approved chain, and any
 * hash is a transaction carrying `tx` (so the fixture transfers are the person's), mined and succeeded (`reverted`: reverted). Tests of the check itself script
 * other answers, and src/chains/rpcReader.test.ts reads a real chain. `headless`: the node will not tell its head
 * block, so the arrival watch (src/background/arrival/) never proves itself and a transfer keeps the unwatched status
 * cadence.
 */
export function chainAnswering(
  tx: TransferInput['approvedTx'] | null,
  options: { chainId?: number; reverted?: boolean; headless?: boolean } = {},
): (req: RecordedRequest) => ScriptedResponse {
  return (req) => {
    // A batch, or one call alone; viem leaves `params` out of a call that has none (eth_blockNumber).
    const body = JSON.parse(req.body) as Call | Call[];
    const calls = Array.isArray(body) ? body : [body];
    const answers = calls.map(({ id, method, params = [] }) =>
      method === 'eth_blockNumber' && options.headless
        ? { jsonrpc: '2.0', id, error: { code: -32601, message: 'eth_blockNumber is not served here' } }
        : {
            jsonrpc: '2.0',
            id,
            result:
              method === 'eth_chainId'
                ? `0x${(options.chainId ?? tx?.chainId ?? 1).toString(16)}`
                : method === 'eth_blockNumber'
                  ? '0x1'
                  : method === 'eth_getTransactionReceipt'
                    ? // Mined in block 1 and succeeded, unless a test scripts a revert.
                      tx && { transactionHash: params[0], status: options.reverted ? '0x0' : '0x1', blockNumber: '0x1' }
                    : tx && {
                        hash: params[0],
                        from: tx.from,
                        to: tx.to,
                        input: tx.data,
                        value: `0x${BigInt(tx.value).toString(16)}`,
                        chainId: `0x${tx.chainId.toString(16)}`,
                        blockNumber: '0x1',
                      },
          },
    );
    return { body: Array.isArray(body) ? answers : answers[0] };
  };
}

type Call = { id: number; method: string; params?: unknown[] };
