import * as v from 'valibot';

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

export const RpcErrorSchema = v.object({
  code: v.optional(v.number()),
  message: v.pipe(v.string(), v.maxLength(2000)),
});
export type RpcError = v.InferOutput<typeof RpcErrorSchema>;

export const FromPageSchema = v.variant('type', [
  v.object({ type: v.literal('ready') }),
  v.object({ type: v.literal('wallets'), wallets: v.pipe(v.array(WalletInfoSchema), v.maxLength(20)) }),
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
