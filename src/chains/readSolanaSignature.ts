import { getBase64Decoder, getBase64Encoder, getTransactionDecoder, type Signature } from '@solana/kit';
import { sendSolanaRequest, solanaClient } from './solanaClient';

export type ReadSolanaSignatureParameters = { rpcUrl: string; signature: string; timeoutMs?: number };

/**
 * Where a sent transaction stands on Solana, as the trusted RPC reads it: not seen (yet), landed with the message the
 * chain executed (base64, to compare with the one checked before signing), or landed and failed.
 */
export type ReadSolanaSignatureReturnType =
  | { state: 'unseen' }
  | { state: 'landed'; slot: bigint; messageBase64: string; failed: false }
  | { state: 'landed'; slot: bigint; messageBase64: string; failed: true; error: string };

export async function readSolanaSignature({
  rpcUrl,
  signature,
  timeoutMs,
}: ReadSolanaSignatureParameters): Promise<ReadSolanaSignatureReturnType> {
  const rpc = solanaClient(rpcUrl);
  const request = rpc.getTransaction(signature as Signature, {
    encoding: 'base64',
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  const read = await sendSolanaRequest(rpcUrl, 'getTransaction', request, timeoutMs);
  if (!read) return { state: 'unseen' };
  const [wire] = read.transaction;
  const messageBase64 = messageOf(wire);
  const error = read.meta?.err;
  if (error) {
    return { state: 'landed', slot: read.slot, messageBase64, failed: true, error: JSON.stringify(error, bigints) };
  }
  return { state: 'landed', slot: read.slot, messageBase64, failed: false };
}

const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** The message bytes of a wire transaction (base64), without its signatures: what the signers signed. */

export function messageOf(wireBase64: string): string {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wireBase64));
  return getBase64Decoder().decode(transaction.messageBytes);
}
