import * as v from 'valibot';

/** 0x-prefixed 20-byte address, any case (checksum is checked by callers that need it, with viem). */
export const AddressSchema = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address'),
);

/** Source-chain transaction hash. */
export const TxHashSchema = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex hash'),
);

/** Integer amount in the token's smallest unit, as a decimal string. */
export const AmountSchema = v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]*)$/, 'must be a non-negative integer string'));

/**
 * Gas on arrival (`fromAmountForGas`) is a part of the amount sent, above nothing and less than all of it, or absent. False for figures
 * AmountSchema refuses: a pipe's later checks still run after its regex failed, and BigInt must not throw there.
 */
export const gasIsPartOf = (gas: string | undefined, amount: string): boolean => {
  if (gas === undefined) return true;
  const integer = /^(0|[1-9][0-9]*)$/;
  return integer.test(gas) && integer.test(amount) && BigInt(gas) > 0n && BigInt(gas) < BigInt(amount);
};

/** Chain ID as the spec writes it in requests: a decimal string. */
export const ChainIdStringSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9][0-9]{0,19}$/, 'must be a positive integer chain ID'),
);

/**
 * Chain ID where the spec (or LI.FI in practice) may send either a string or a number.
 * Kept as sent; read it with `toChainIdNumber`.
 */
export const ChainIdLooseSchema = v.union(
  [v.pipe(v.number(), v.integer(), v.minValue(1)), ChainIdStringSchema],
  'must be a chain ID (number or integer string)',
);

/** Numeric chain ID (spec: Tool.supportedChains, Chain.id, Status.fromChainId). */
export const ChainIdNumberSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** Hex quantity (`0x1a`) or decimal string (`26`): the spec uses hex in quotes and decimal in step transactions. */
export const QuantitySchema = v.pipe(
  v.string(),
  v.regex(/^(0x[0-9a-fA-F]+|0x|[0-9]+)$/, 'must be a hex (0x…) or decimal integer string'),
);

/** Calldata. */
export const HexDataSchema = v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes'));

/** Decimal number as a string (prices, USD amounts, fractions). */
export const DecimalStringSchema = v.pipe(
  v.string(),
  v.regex(/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i, 'must be a decimal number string'),
);

export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000' as const;

export function toChainIdNumber(id: string | number): number {
  return typeof id === 'number' ? id : Number.parseInt(id, 10);
}

/** Reads a spec quantity, hex or decimal, as bigint. */
export function parseQuantity(value: string): bigint {
  if (value === '0x') return 0n;
  return BigInt(value);
}

export function isNativeToken(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN_ADDRESS;
}
