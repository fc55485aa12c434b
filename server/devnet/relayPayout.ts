import type { Address } from 'viem';
import { relayChainId } from '../../src/checks/promises/relayChains';
import type { RelayOrder } from '../../src/checks/promises/relayOrder';
import type { BridgeParams } from './bridgeParams';

/** The deposit rewritten to what Relay's order pays, or the reason it is refunded instead. */
export type RelayOrdered = { ok: true; params: BridgeParams } | { ok: false; reason: string };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The EVM chain of a Relay chain id, among the devnet's chains. */
function evmChainOf(relayChain: string, chainIds: readonly number[]): number | undefined {
  return chainIds.find((chainId) => relayChainId(chainId) === relayChain);
}

/**
 * What Relay's solver does with a deposit into its depository: it looks up the order the deposit's id names and pays
 * whom, where and what THAT order says, whatever LI.FI's BridgeData claimed (the facet never compares the two). The
 * order must take this deposit: its one input on this chain, in this token, no more than was deposited; a deposit
 * with no order, or short of its order's input, is refunded to the depositor. The payment is the order's expected
 * amount, and the relayer still caps it at what was bridged in the same coin (server/devnet/payout.ts).
 */
export function relayOrderedParams(input: {
  params: BridgeParams;
  srcChainId: number;
  bridgedAmount: bigint;
  order: RelayOrder | undefined;
  chainIds: readonly number[];
}): RelayOrdered {
  const { params, srcChainId, bridgedAmount, order } = input;
  if (!order) return { ok: false, reason: 'names no order Relay quoted' };
  const [deposit, ...others] = order.inputs;
  const payment = deposit?.payment;
  if (
    !payment ||
    others.length > 0 ||
    payment.chainId !== relayChainId(srcChainId) ||
    !same(payment.currency, params.bridgeToken) ||
    BigInt(payment.amount) > bridgedAmount
  ) {
    return { ok: false, reason: 'does not make the deposit its order asks' };
  }
  const dstChainId = evmChainOf(order.output.chainId, input.chainIds);
  const [paid] = order.output.payments;
  if (dstChainId === undefined || !paid || order.output.payments.length > 1) {
    return { ok: false, reason: `names an order paying on ${order.output.chainId}, which the devnet cannot pay` };
  }
  const currency = paid.currency as Address;
  return {
    ok: true,
    params: {
      ...params,
      dstChainId: BigInt(dstChainId),
      dstBridgeToken: currency,
      dstToken: currency,
      dstAmount: BigInt(paid.expectedAmount),
      minDstAmount: BigInt(paid.minimumAmount),
      recipient: paid.recipient as Address,
    },
  };
}
