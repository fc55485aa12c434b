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

/**
 * LI.FI's bridge tools whose facet the signing guard reads: Across (AcrossFacetV4, src/checks/routers/) and each
 * facet above by its own keys. Only these are asked for, and of them only those li.quest's own tools listing names,
 * since it refuses a whole request naming a key it does not know (src/api/lifi/routes.ts): a route through another
 * bridge would be listed and then refused at signing. Derived, so a new decoder in the list above is asked for at once.
 */
export const LIFI_CHECKED_BRIDGES: readonly string[] = [
  'across',
  ...LIFI_BRIDGE_FACETS.flatMap((facet) => facet.tools),
];
