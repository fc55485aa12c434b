import { celerCircleDecoder } from './celerCircle';
import { chainflipDecoder } from './chainflip';
import { deBridgeDlnDecoder } from './deBridgeDln';
import { ecoDecoder } from './eco';
import type { FacetDecoder } from './facetArgs';
import { gasZipDecoder } from './gasZip';
import { glacisDecoder } from './glacis';
import { mayanDecoder } from './mayan';
import { arbitrumBridgeDecoder, optimismBridgeDecoder } from './nativeRollups';
import { nearIntentsDecoder } from './nearIntents';
import { polymerCctpDecoder } from './polymerCctp';
import { relayDepositoryDecoder } from './relayDepository';
import { stargateV2Decoder } from './stargateV2';
import { symbiosisDecoder } from './symbiosis';

/** The bridge facets the LI.FI diamond's decoder reads beside AcrossFacetV4 and GenericSwapFacetV3 (../lifiDiamond.ts). */
export const LIFI_BRIDGE_FACETS: readonly FacetDecoder[] = [
  relayDepositoryDecoder,
  stargateV2Decoder,
  mayanDecoder,
  deBridgeDlnDecoder,
  celerCircleDecoder,
  polymerCctpDecoder,
  glacisDecoder,
  chainflipDecoder,
  ecoDecoder,
  nearIntentsDecoder,
  gasZipDecoder,
  symbiosisDecoder,
  optimismBridgeDecoder,
  arbitrumBridgeDecoder,
];
