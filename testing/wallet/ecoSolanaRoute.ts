/**
 * EcoFacet.t.sol's test_BridgeToSolanaWithEncodedRoute (lifinance/contracts): a 319-byte Borsh route that pays
 * 0x4c4564 base units of USDC (mint EPjFW…) by TransferChecked into the token account at bytes 251..283, which is
 * the associated token account of the receiver below (src/checks/routers/lifi/ecoSolanaRoute.ts derives it).
 */
export const ECO_SOLANA_ROUTE =
  '0x52a01d29f1d91ab0b57761768e39b85275adf37a9da16dd3640f0f461d2b34e18b15d4680000000065cbce824f4b3a8beb4f9dd87eab57c8cc24eee9bbb886ee4d3206cdb9628ad7000000000000000001000000c6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d6164454c00000000000100000006ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a99b0000000a0000000c64454c0000000000060404000000dadaffa20d79347c07967829bb1a2fb4527985bb805d6e4e1bdaa132452b31630001c6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d6100008f37c499ccbb92cefe5acc2f7aa22edf71d4237d4817e55671c7962b449e79f2000148c1d430876bafc918c7395041939a101ea72fead56b9ec8c4b8e5c7f76d363b0000' as const;
/** The test's `nonEVMReceiver`, as text. */
export const ECO_SOLANA_RECEIVER = '2WbqXRrD2ERraS5AttSHnSEdmrBeu2Tn94DqUHrCmWkz';
/** The test's `solanaATA`. */
export const ECO_SOLANA_ATA = '0x8f37c499ccbb92cefe5acc2f7aa22edf71d4237d4817e55671c7962b449e79f2' as const;
export const ECO_SOLANA_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const ECO_SOLANA_AMOUNT = 0x4c4564n;

/** The route with `bytes` written at byte `at` (a field changed alone). */
export function ecoRouteWith(at: number, bytes: string): `0x${string}` {
  const hex = ECO_SOLANA_ROUTE.slice(2);
  return `0x${hex.slice(0, at * 2)}${bytes}${hex.slice(at * 2 + bytes.length)}`;
}
