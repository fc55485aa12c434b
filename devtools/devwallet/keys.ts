/**
 * Anvil's well-known test keys (mnemonic "test test … junk"), funded on every local devnet chain. Public: never
 * hold real funds with them. Only the user accounts (0–3) are listed; the devnet reserves 8 and 9.
 */
export const ANVIL_TEST_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
] as const;

/**
 * The Dev Wallet's Solana key: a 32-byte Ed25519 seed, sha256("bridge-companion dev wallet solana person 0"), and its
 * address. Public like anvil's keys: the devnet's harness funds it (devtools/devwallet/solanaFunds.ts) with SOL and
 * USDC on its Solana VM; never hold real funds with it.
 */
export const DEV_SOLANA_KEY_SEED = '1dabb28419d15b07061427c6f496480353c8db92249252744263134114147346';
export const DEV_SOLANA_ADDRESS = 'iRaAyKqivk4Ad4jADwDhP8fgQtBKaUToLtt4cJv4Mfq';
