import { sameChainAddress } from '../lib/addresses';
import type { Wire } from '../messaging/wire';

/**
 * What the person chose on screen: the reference every route, step and transaction is checked against. It is built
 * from the form (or the card's request) when routes are asked for, never from the service's answer.
 */
export type TransferChoice = {
  fromChainId: number;
  toChainId: number;
  fromToken: `0x${string}`;
  /** A 0x address, or a base58 SPL mint when the destination is Solana. */
  toToken: string;
  /** Exact amount, in the source token's base units, parsed from what the person typed. */
  fromAmount: bigint;
  /** The connected account, when there is one. */
  fromAddress?: `0x${string}`;
  /** Who receives; absent means the sender. A base58 key when the destination is Solana (never absent there). */
  toAddress?: string;
  /** Fraction, e.g. 0.005. */
  slippage: number;
  /**
   * Gas on arrival the person chose (LI.FI's `fromAmountForGas`): the part of `fromAmount`, in the same units, that
   * becomes native gas for the receiver on the destination; the rest is bridged.
   */
  fromAmountForGas?: bigint;
};

/** The same transfer asked for: chains, tokens (any case), exact amount, sender, recipient and slippage. */
export const sameChoice = (a: TransferChoice | undefined, b: TransferChoice | undefined): boolean =>
  a !== undefined &&
  b !== undefined &&
  a.fromChainId === b.fromChainId &&
  a.toChainId === b.toChainId &&
  a.fromToken.toLowerCase() === b.fromToken.toLowerCase() &&
  sameChainAddress(a.toToken, b.toToken) &&
  a.fromAmount === b.fromAmount &&
  a.fromAddress?.toLowerCase() === b.fromAddress?.toLowerCase() &&
  (a.toAddress === b.toAddress || sameChainAddress(a.toAddress, b.toAddress)) &&
  a.slippage === b.slippage &&
  a.fromAmountForGas === b.fromAmountForGas;

/** The choice as messages and storage carry it (src/messaging/wire.ts): its amounts as decimal strings. */
export type TransferChoiceWire = Wire<TransferChoice>;

/**
 * The choice as messages and storage carry it, read back: amounts travel as decimal strings (JSON and extension
 * storage have no bigint; src/messaging/wire.ts writes them so). The one reader of that form: the messages' schema
 * ends in it (./choiceSchema.ts), and the stored records are read through it (src/storage/transfersCodec.ts). A
 * choice read already passes as it is, so a record read twice, or written by a version that kept it so, reads the same.
 */
export const readChoice = ({
  fromAmount,
  fromAmountForGas,
  ...rest
}: TransferChoiceWire | TransferChoice): TransferChoice => ({
  ...rest,
  fromAmount: BigInt(fromAmount),
  ...(fromAmountForGas !== undefined ? { fromAmountForGas: BigInt(fromAmountForGas) } : {}),
});
