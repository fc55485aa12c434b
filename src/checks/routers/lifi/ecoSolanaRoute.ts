import { type Address, getAddressDecoder, getAddressEncoder, isOffCurveAddress } from '@solana/addresses';
import { concat, type Hex, hexToBytes, sha256, toBytes } from 'viem';

/**
 * Eco's route to Solana, as EcoFacet's `encodedRoute` carries it: a 319-byte Borsh `Route` whose one call is the SPL
 * Token program's TransferChecked into the receiver's token account (lifinance/contracts src/Facets/EcoFacet.sol
 * reads that account at bytes 251..283 and requires it to be `solanaATA`; test/solidity/Facets/EcoFacet.t.sol
 * test_BridgeToSolanaWithEncodedRoute). Layout, little-endian: salt[32] deadline:u64 portal[32] nativeAmount:u64
 * tokens:Vec<(mint[32], amount:u64)> calls:Vec<(program[32], data:Vec<u8>)>, the call's data being the instruction
 * (Vec<u8>: 12 = TransferChecked, amount:u64, decimals:u8), an account count (u8) and the accounts
 * (Vec<(key[32], isSigner:u8, isWritable:u8)>: source, mint, destination, authority).
 */
export type EcoSolanaTransfer = {
  tokenProgram: Address;
  mint: Address;
  /** What the solver must pay into `destination`, in the mint's units. */
  amount: bigint;
  destination: Address;
};

const ROUTE_LENGTH = 319;
const TRANSFER_CHECKED = 12;
const TOKEN_PROGRAMS: readonly string[] = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
];
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);
const u64 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(at, true);
const key = (bytes: Uint8Array, at: number) => getAddressDecoder().decode(bytes.slice(at, at + 32));

/** The route's one TransferChecked, or undefined when the route is not laid out as above. */
export function readEcoSolanaRoute(encodedRoute: Hex): EcoSolanaTransfer | undefined {
  const bytes = hexToBytes(encodedRoute);
  if (bytes.length !== ROUTE_LENGTH) return undefined;
  // One token, one call whose data (155 bytes) is a 10-byte TransferChecked and four accounts.
  if (u32(bytes, 80) !== 1 || u32(bytes, 124) !== 1 || u32(bytes, 160) !== 155) return undefined;
  if (u32(bytes, 164) !== 10 || bytes[168] !== TRANSFER_CHECKED || u32(bytes, 179) !== 4) return undefined;
  const tokenProgram = key(bytes, 128);
  const mint = key(bytes, 84);
  if (!TOKEN_PROGRAMS.includes(tokenProgram) || key(bytes, 217) !== mint) return undefined;
  const amount = u64(bytes, 169);
  if (u64(bytes, 116) !== amount) return undefined;
  return { tokenProgram, mint, amount, destination: key(bytes, 251) };
}

/**
 * The associated token account of `owner` for `mint` under `tokenProgram`: the program-derived address of the
 * Associated Token program with seeds [owner, tokenProgram, mint], found as Solana finds it (the highest bump whose
 * hash is off the curve).
 */
export function associatedTokenAccount(owner: Address, tokenProgram: Address, mint: Address): Address {
  const encode = (address: string) => getAddressEncoder().encode(address as Address) as Uint8Array;
  const seeds = concat([encode(owner), encode(tokenProgram), encode(mint)]);
  const tail = concat([encode(ASSOCIATED_TOKEN_PROGRAM), toBytes('ProgramDerivedAddress')]);
  for (let bump = 255; bump >= 0; bump--) {
    const hash = sha256(concat([seeds, Uint8Array.of(bump), tail]), 'bytes');
    const candidate = getAddressDecoder().decode(hash);
    if (isOffCurveAddress(candidate)) return candidate;
  }
  throw new Error('no associated token account: every bump is on the curve');
}
