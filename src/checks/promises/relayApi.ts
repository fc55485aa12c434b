import * as v from 'valibot';
import type { RelayOrder } from './relayOrder';

/**
 * Relay's requests API, asked for the order behind a deposit's id: `GET {api}/requests/v3?orderId=…&includeOrderData=true`
 * (docs.relay.link, "Get Requests": filter by `orderId`, "the protocol-level deposit identifier"; `includeOrderData`
 * adds the order). Every answer is untrusted until its order hashes to the id asked for (relayProof.ts).
 */

const Decimal = v.pipe(v.string(), v.regex(/^\d{1,78}$/, 'must be a decimal integer'));
const Bytes = v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed bytes'));
const Deadline = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 32 - 1));

/** Relay's settlement order (src/checks/promises/relayOrder.ts, RelayOrder), as its API writes it. */
export const RelayOrderSchema = v.object({
  version: v.literal('v1'),
  solverChainId: v.string(),
  solver: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address')),
  salt: v.union([Decimal, v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/))]),
  inputs: v.array(
    v.object({
      payment: v.object({ chainId: v.string(), currency: v.string(), amount: Decimal, weight: Decimal }),
      refunds: v.array(
        v.object({
          chainId: v.string(),
          recipient: v.string(),
          currency: v.string(),
          minimumAmount: Decimal,
          deadline: Deadline,
          extraData: Bytes,
        }),
      ),
    }),
  ),
  output: v.object({
    chainId: v.string(),
    payments: v.array(
      v.object({ recipient: v.string(), currency: v.string(), minimumAmount: Decimal, expectedAmount: Decimal }),
    ),
    calls: v.array(Bytes),
    deadline: Deadline,
    extraData: Bytes,
  }),
  fees: v.array(
    v.object({
      recipientChainId: v.string(),
      recipient: v.string(),
      currencyChainId: v.string(),
      currency: v.string(),
      amount: Decimal,
    }),
  ),
});

const RelayRequestsSchema = v.object({
  requests: v.array(
    v.looseObject({
      data: v.optional(
        v.looseObject({ orderData: v.optional(v.unknown()), orderSignature: v.optional(v.nullable(v.string())) }),
      ),
    }),
  ),
});

/** What Relay's API said about an order id. */
export type RelayApiAnswer =
  | { kind: 'orders'; orders: { order: unknown; orderSignature?: string }[] }
  | { kind: 'unreachable'; reason: string };

/** Most Relay answers are a few kilobytes; more is not an order. */
const MAX_ANSWER_CHARS = 256 * 1024;

export type GetRelayOrdersParameters = { apiUrl: string; orderId: `0x${string}`; signal?: AbortSignal };

/** The orders Relay's API lists for `orderId` (usually one), or why it could not be asked. */
export async function getRelayOrders({ apiUrl, orderId, signal }: GetRelayOrdersParameters): Promise<RelayApiAnswer> {
  let text: string;
  try {
    const url = `${apiUrl}/requests/v3?orderId=${orderId}&includeOrderData=true`;
    const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) return { kind: 'unreachable', reason: `HTTP ${response.status}` };
    text = await response.text();
  } catch (error) {
    return { kind: 'unreachable', reason: (error as Error).message };
  }
  if (text.length > MAX_ANSWER_CHARS) return { kind: 'unreachable', reason: 'answer too large' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'unreachable', reason: 'not JSON' };
  }
  const parsed = v.safeParse(RelayRequestsSchema, body);
  if (!parsed.success) return { kind: 'unreachable', reason: parsed.issues[0]?.message ?? 'unreadable' };
  return {
    kind: 'orders',
    orders: parsed.output.requests.flatMap(({ data }) =>
      data?.orderData === undefined
        ? []
        : [{ order: data.orderData, ...(data.orderSignature ? { orderSignature: data.orderSignature } : {}) }],
    ),
  };
}

/** An order as read, or why it cannot be read. */
export function readRelayOrder(value: unknown): { ok: true; order: RelayOrder } | { ok: false; reason: string } {
  const parsed = v.safeParse(RelayOrderSchema, value);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
    return { ok: false, reason: `${path ? `${path}: ` : ''}${issue?.message ?? 'unreadable'}` };
  }
  return { ok: true, order: parsed.output as RelayOrder };
}
