/**
 * ENS on Ethereum: the one place its addresses are kept. The extension resolves names through the Universal
 * Resolver (viem's getEnsAddress calls its `resolveWithGateways`) on chain 1's trusted RPC only. The devnet installs
 * its own contracts at these same addresses on its Ethereum (server/devnet/ens.ts), as it does LI.FI's diamond and
 * Multicall3, so one address serves both; a test checks it against viem's mainnet definition.
 */

/** Names are read on Ethereum whatever the destination (ENSIP-9's coin type 60: an EVM address). */
export const ENS_CHAIN_ID = 1;

/** ENS's Universal Resolver (viem's `mainnet.contracts.ensUniversalResolver`). */
export const ENS_UNIVERSAL_RESOLVER = '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe' as const;

/** ENS's registry: who owns a name and which resolver answers for it. */
export const ENS_REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e' as const;

/** ENS's public resolver, where most names keep their address. */
export const ENS_PUBLIC_RESOLVER = '0xF29100983E058B709F3D539b0c765937B804AC15' as const;
