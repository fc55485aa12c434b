import { parseAbi } from 'viem';
import { LIFI_STRUCTS } from './bridgeData';

/**
 * CelerCircleBridgeFacet (lifinance/contracts src/Facets/CelerCircleBridgeFacet.sol): Circle's CCTP (V2) through
 * Celer's Circle bridge: USDC is burned on the source and minted to the receiver on the destination.
 *
 * Value-moving fields: BridgeData's token (USDC only), amount, destination and receiver (the mint recipient; EVM
 * only); `maxFee` (most CCTP may keep on the destination: the least received is `minAmount - maxFee`);
 * `minFinalityThreshold` (1000 fast, 2000 standard). The token delivered is the destination's native USDC.
 */
export const CELER_CIRCLE_TOOLS = ['celercircle'] as const;

export const celerCircleBridgeFacetAbi = parseAbi([
  ...LIFI_STRUCTS,
  'struct CelerCircleData { uint256 maxFee; uint32 minFinalityThreshold; }',
  'function startBridgeTokensViaCelerCircleBridge(BridgeData _bridgeData, CelerCircleData _celerCircleData)',
  'function swapAndStartBridgeTokensViaCelerCircleBridge(BridgeData _bridgeData, SwapData[] _swapData, CelerCircleData _celerCircleData) payable',
]);

/**
 * Circle's native USDC per chain, what CCTP mints (lifinance/contracts config/polymercctp.json, which cites
 * developers.circle.com/stablecoins/usdc-contract-addresses). A destination not listed is refused, not guessed.
 */
export const CIRCLE_USDC: Readonly<Record<number, `0x${string}`>> = {
  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  25: '0x3D7F2C478aAfdB65542BCB44bCeeC05849999d2D',
  130: '0x078D782b760474a361dDA0AF3839290b0EF57AD6',
  137: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
  143: '0x754704Bc059F8C67012fEd69BC8A327a5aafb603',
  146: '0x29219dd400f2Bf60E5a23d13Be72B486D4038894',
  480: '0x79A02482A880bCe3F13E09da970dC34dB4cD24D1',
  999: '0xb88339CB7199b77E23DB6E890353E22632Ba630f',
  1329: '0xe15fC38F6D8c56aF07bbCBe3BAf5708A2Bf42392',
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  43114: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
  57073: '0x2D270e6886d130D724215A266106e6832161EAEd',
  59144: '0x176211869cA2b568f2A7D4EE941E073a821EE1ff',
};
