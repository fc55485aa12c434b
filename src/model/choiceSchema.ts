import * as v from 'valibot';
import { ChainAddressSchema } from '../schemas/chainAddress';
import { AddressSchema, AmountSchema, ChainIdNumberSchema, gasIsPartOf } from '../schemas/primitives';
import { readChoice, type TransferChoice } from './choice';

/** Narrows a checked string to the 0x template type. */
const hex = v.transform((s: string) => s as `0x${string}`);

/**
 * The person's choice where it crosses into the background (startExecution, previewTransfer) and as storage keeps
 * it: the one definition of its shape on the wire, amounts as decimal strings. Its output is the choice itself,
 * amounts as bigint (readChoice). Its own module: Solana's address check comes with it, which the popup's first
 * paint does without (the popup only writes the choice, src/messaging/wire.ts).
 */
export const TransferChoiceSchema = v.pipe(
  v.object({
    fromChainId: ChainIdNumberSchema,
    toChainId: ChainIdNumberSchema,
    fromToken: v.pipe(AddressSchema, hex),
    toToken: ChainAddressSchema,
    fromAmount: AmountSchema,
    fromAddress: v.optional(v.pipe(AddressSchema, hex)),
    toAddress: v.optional(ChainAddressSchema),
    slippage: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(0.5)),
    fromAmountForGas: v.optional(AmountSchema),
  }),
  // Gas on arrival is a part of the amount sent: all of it (or more) would leave nothing to bridge.
  v.check(
    (choice) => gasIsPartOf(choice.fromAmountForGas, choice.fromAmount),
    'fromAmountForGas must be less than fromAmount',
  ),
  v.transform((wire) => readChoice(wire)),
) satisfies v.GenericSchema<unknown, TransferChoice>;
