import type { ChainId, ChainType, CoinKey, ExtendedChain, TokenTag } from '@lifi/types';
import { LIFI_DEPLOYMENTS } from '../../src/contracts/lifiDeployments';

const LOGOS = 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/chains';
const STABLE_ID = 988;

/**
 * Chains li.quest lists that the twin only lists: no token but the native coin, no tool reaches them, and the
 * devnet runs none (a devnet-served listing leaves them out, as it leaves out every chain it does not run).
 *
 * Stable is one of the chains production flags `nonStandardNativeDecimals` (`@lifi/types` ExtendedChain: "like Tempo
 * or Stable"): its gas coin, USDT0, is counted in 18 decimals on chain (balances, `value`, gas) while the token LI.FI
 * prices as its native token has USDT0's 6. A client formats what it reads on chain with the wallet's
 * `nativeCurrency.decimals` there, never with `nativeToken.decimals`. The chain key and figures below are the twin's
 * reading of Stable's documentation; li.quest's own entry was not observed. The diamond is production's
 * (`lifinance/contracts` deployments, pinned in src/contracts/lifiDeployments.ts).
 */
export const LISTED_ONLY_CHAINS: readonly ExtendedChain[] = [
  {
    key: 'stb' as ExtendedChain['key'],
    chainType: 'EVM' as ChainType,
    name: 'Stable',
    coin: 'USDT0' as CoinKey,
    id: STABLE_ID,
    mainnet: true,
    logoURI: `${LOGOS}/stable.svg`,
    metamask: {
      chainId: `0x${STABLE_ID.toString(16)}`,
      blockExplorerUrls: ['https://stablescan.xyz/'],
      chainName: 'Stable',
      nativeCurrency: { name: 'USDT0', symbol: 'USDT0', decimals: 18 },
      rpcUrls: ['https://rpc.stable.xyz'],
    },
    multicallAddress: '0xcA11bde05977b3631167028862bE2a173976CA11',
    relayerSupported: false,
    diamondAddress: LIFI_DEPLOYMENTS[STABLE_ID]?.diamond,
    nonStandardNativeDecimals: true,
    nativeToken: {
      address: '0x0000000000000000000000000000000000000000',
      chainId: STABLE_ID as ChainId,
      symbol: 'USDT0',
      decimals: 6,
      name: 'USDT0',
      coinKey: 'USDT0' as CoinKey,
      priceUSD: '1',
      verificationStatus: 'verified',
      tags: ['stablecoin' as TokenTag],
    },
  },
];
