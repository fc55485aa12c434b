import * as v from 'valibot';
import { SolanaAddressSchema } from '../schemas/chainAddress';
import { SOLANA_SIGNING_FEATURES, SOLANA_WALLET_ID_PREFIX } from './pageChannel';

/**
 * Schemas for what comes out of the page's MAIN world (see pageChannel.ts for the transport). Both the relay
 * and the popup validate every message with them: the page can forge any of these events.
 */
export const WalletInfoSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  name: v.pipe(v.string(), v.maxLength(100)),
  rdns: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /** data: URIs only, so showing the icon makes no request to the page's servers. */
  icon: v.optional(v.pipe(v.string(), v.maxLength(100_000), v.regex(/^data:image\/[a-z+.-]+[;,]/))),
});
export type WalletInfo = v.InferOutput<typeof WalletInfoSchema>;

/**
 * A Solana wallet the page registered with the Wallet Standard, offering `solana:mainnet` and `standard:connect`;
 * `features` lists which of the signing features it has (one lacking `solana:signTransaction` is listed all the same,
 * so the popup can say why it cannot sign).
 */
export const SolanaWalletInfoSchema = v.object({
  id: v.pipe(v.string(), v.startsWith(SOLANA_WALLET_ID_PREFIX), v.maxLength(20)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  icon: WalletInfoSchema.entries.icon,
  features: v.pipe(v.array(v.picklist(SOLANA_SIGNING_FEATURES)), v.maxLength(SOLANA_SIGNING_FEATURES.length)),
});
export type SolanaWalletInfo = v.InferOutput<typeof SolanaWalletInfoSchema>;

/** The largest Solana transaction (1232 bytes on the wire), in base64. */
export const MAX_SOLANA_TRANSACTION_BASE64 = 1644;
/** A serialized Solana transaction as the relay carries it: base64 with its padding, at most a packet's size. */
export const SolanaTransactionBase64Schema = v.pipe(
  v.string(),
  v.minLength(4),
  v.maxLength(MAX_SOLANA_TRANSACTION_BASE64),
  v.regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/, 'must be base64'),
);

/** A Solana wallet's answer to `standard:connect`: the accounts it shares, base58 public keys. */
export const SolanaConnectAnswerSchema = v.object({
  accounts: v.pipe(v.array(SolanaAddressSchema), v.maxLength(20)),
});

/** A Solana wallet's answer to `solana:signTransaction`: the signed transaction, as bytes on the wire. */
export const SolanaSignAnswerSchema = v.object({ signedTransaction: SolanaTransactionBase64Schema });

export const RpcErrorSchema = v.object({
  code: v.optional(v.number()),
  message: v.pipe(v.string(), v.maxLength(2000)),
});
export type RpcError = v.InferOutput<typeof RpcErrorSchema>;

export const FromPageSchema = v.variant('type', [
  v.object({ type: v.literal('ready') }),
  v.object({
    type: v.literal('wallets'),
    wallets: v.pipe(v.array(WalletInfoSchema), v.maxLength(20)),
    /** Wallets of the Wallet Standard that offer Solana. */
    solana: v.pipe(v.array(SolanaWalletInfoSchema), v.maxLength(20)),
  }),
  v.object({
    type: v.literal('response'),
    id: v.pipe(v.number(), v.integer()),
    result: v.optional(v.unknown()),
    error: v.optional(RpcErrorSchema),
  }),
  v.object({
    type: v.literal('event'),
    walletId: v.string(),
    event: v.picklist(['accountsChanged', 'chainChanged']),
    data: v.unknown(),
  }),
]);
export type FromPage = v.InferOutput<typeof FromPageSchema>;

/** Parses one JSON string from the page; anything malformed is dropped (undefined). */
export function parseFromPage(raw: unknown): FromPage | undefined {
  if (typeof raw !== 'string' || raw.length > 200_000) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const result = v.safeParse(FromPageSchema, json);
  return result.success ? result.output : undefined;
}
