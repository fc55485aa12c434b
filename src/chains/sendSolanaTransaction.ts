import type { Base64EncodedWireTransaction } from '@solana/kit';
import { sendSolanaRequest, solanaClient } from './solanaClient';

export type SendSolanaTransactionParameters = {
  rpcUrl: string;
  /** The signed transaction, base64, exactly as it was checked. */
  transaction: string;
  timeoutMs?: number;
};

/** The transaction's signature, base58, as the RPC names it. */
export type SendSolanaTransactionReturnType = string;

/**
 * Sends a signed transaction through the Solana RPC the extension trusts (`sendTransaction`, with the node's own
 * preflight simulation at `confirmed`), so what lands is exactly the bytes checked, never a copy a page relays.
 */
export async function sendSolanaTransaction({
  rpcUrl,
  transaction,
  timeoutMs,
}: SendSolanaTransactionParameters): Promise<SendSolanaTransactionReturnType> {
  const request = solanaClient(rpcUrl).sendTransaction(transaction as Base64EncodedWireTransaction, {
    encoding: 'base64',
    preflightCommitment: 'confirmed',
  });
  return String(await sendSolanaRequest(rpcUrl, 'sendTransaction', request, timeoutMs));
}
