import { rescale } from './poolMath';

/** A bridge token as the catalog lists it: only listed tokens have a known coin to compare across chains. */
export type ListedBridgeToken = { coinKey: string; decimals: number } | undefined;

export type PayoutInput = {
  /** The deposit's bridge token on the source chain, and the fill's on the destination. */
  source: ListedBridgeToken;
  destination: ListedBridgeToken;
  /** What the source contract actually took in, in the source bridge token (the BridgeStarted event). */
  bridgedAmount: bigint;
  /** The deposit's own claim of what the recipient should get; whoever called startBridge wrote it. */
  dstAmount: bigint;
  /**
   * Destination bridge token needed to swap into dstAmount at current reserves; undefined when no swap is needed
   * (dstToken is the bridge token), or when the pool cannot pay dstAmount at all.
   */
  swapInput: bigint | undefined;
  swapNeeded: boolean;
};

/**
 * How much destination bridge token the relayer pays for a deposit: never more than was bridged, counted in the
 * same coin. The deposit's parameters come from whoever called startBridge, not from the service's quote: a direct
 * call can bridge 0.000001 USDC and ask for a dstAmount of millions, or bridge a worthless token and name USDC as the
 * destination bridge token. So the payout is the bridged amount (rescaled to the destination token's decimals) or
 * less, and 0n (void, then refund on the source) when the two bridge tokens are not the same listed coin.
 */
export function destinationPayout(input: PayoutInput): bigint {
  const { source, destination } = input;
  if (!source || !destination || source.coinKey !== destination.coinKey) return 0n;
  const cap = rescale(input.bridgedAmount, source.decimals, destination.decimals);
  const wanted = input.swapNeeded ? input.swapInput : input.dstAmount;
  return wanted === undefined || wanted > cap ? cap : wanted;
}
