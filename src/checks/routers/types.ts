/**
 * One decoder per router family (the devnet's BridgeRouter, LI.FI's diamond with its facets, …). A decoder turns
 * calldata into what the call would do with the person's funds, so the guards (src/checks/guards.ts) can compare
 * it with what the person chose on screen, whatever the router. A call a decoder cannot read is refused, never
 * signed blind.
 */

/** What a router call would do with the funds, as far as its calldata says. */
export type DecodedRouterCall = {
  kind: 'bridge' | 'swap';
  /** Selector name as the contract declares it (e.g. `startBridge`, `swapTokensSingleV3ERC20ToERC20`). */
  functionName: string;
  /** Token taken from the sender on the source chain (the zero address for the native coin). */
  sendingToken: `0x${string}`;
  /** Exact amount taken from the sender, in the sending token's base units. */
  amountIn: bigint;
  /** Chain the funds end up on (the source chain for a same-chain swap). */
  destinationChainId: number;
  /**
   * Who receives on the destination: an EVM address, or, for a non-EVM destination, the receiver the bridge's own
   * data carries (e.g. a base58 Solana public key), never the placeholder some routers put in a generic field.
   */
  receiver: string;
  /**
   * Token delivered to the receiver, when the calldata names it (some bridges name only what they send): a 0x
   * address, or a base58 SPL mint on Solana.
   */
  receivingToken?: string;
  /** Least the receiver is guaranteed, when the calldata carries it, in the receiving token's base units. */
  minAmountOut?: bigint;
  /** Whether the call swaps before bridging / runs a call on the destination (LI.FI's BridgeData flags). */
  hasSourceSwaps?: boolean;
  hasDestinationCall?: boolean;
  /**
   * Further value-moving fields of this family, named as in its ABI, for rules specific to it (the devnet router's
   * `bridgeToken`, `minBridgeAmount`, `dstBridgeToken`, `dstAmount`).
   */
  extra?: Readonly<Record<string, bigint | string | boolean>>;
  /**
   * Native coin the call must carry on top of the amount, as the bridge's own fee (Stargate's LayerZero fee,
   * Glacis' Airlift fee), read from the calldata: the transaction's value must be exactly the amount sent in the
   * native coin, if any, plus this.
   */
  nativeFee?: bigint;
  /**
   * Figures that live in the bridge's own off-chain quote or order, which nothing can check before signing: the
   * calldata does not carry them, or carries them where no contract on the source chain holds the bridge to them
   * (a Relay order, a NEAR Intents deposit address). Where the calldata names such a figure the guard still compares
   * it with the choice; where it does not, the guard cannot, the simulation holds only what leaves the account, and
   * the review says that the figure is the bridge's promise.
   */
  promised?: readonly PromisedFigure[];
  /**
   * Gas on arrival (LI.FI's `fromAmountForGas`): the part of `amountIn` a swap step hands LI.FI's GasZipPeriphery,
   * which Gas.zip pays as native gas to `receiver` on another chain (src/checks/routers/lifi/gasOnArrival.ts).
   */
  gasOnArrival?: GasOnArrivalCall;
};

/**
 * A figure of the transfer as the review names it: who receives, on which chain, which token, at least how much,
 * and (for a fee the facet reads on chain) the fee in the transaction's value.
 */
export type PromisedFigure = 'receiver' | 'destinationChain' | 'receivingToken' | 'minAmountOut' | 'nativeFee';

export type DecodeResult = { ok: true; call: DecodedRouterCall } | { ok: false; reason: string };

export type RouterFamily = {
  /** Short name for logs and refusals ("devnet router", "LI.FI diamond"). */
  name: string;
  /** The router addresses this extension pins for `chainId` (a service-reported address counts only if pinned). */
  addressesOn(chainId: number): readonly `0x${string}`[];
  /** Reads calldata sent to one of those addresses; `sourceChainId` gives same-chain swaps their destination. */
  decode(data: `0x${string}`, sourceChainId: number): DecodeResult;
};

/** Gas on arrival read from a LI.FI call's GasZipPeriphery step (src/checks/routers/lifi/gasOnArrival.ts). */
export type GasOnArrivalCall = {
  /** The part of the amount sent that becomes gas, in the token sent. */
  amount: bigint;
  /** Who Gas.zip pays on the destination. */
  receiver: `0x${string}`;
  /** Gas.zip's own id of the destination chain (one chain only). */
  gasZipChain: bigint;
};
