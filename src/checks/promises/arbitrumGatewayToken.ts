import { decodeFunctionData, type Hex } from 'viem';
import { i18n } from '#i18n';
import { readTrustedContract } from '../../chains/readTrustedContract';
import type { TrustedClient } from '../../chains/trustedClient';
import { arbitrumGatewayRouterAbi } from '../../contracts/arbitrumGatewayRouter';
import { ARBITRUM_PARENT_GATEWAY_ROUTERS } from '../../contracts/arbitrumGateways';
import { arbitrumBridgeFacetAbi } from '../../contracts/lifi/arbitrumBridge';
import { sameAddress } from '../../lib/addresses';
import type { TransferChoice } from '../../model/choice';
import { isNativeToken } from '../../schemas/primitives';
import type { CandidateTransaction } from '../guards';
import { allProven, type PromiseProof, refusedProof } from './types';

export type ProveArbitrumGatewayTokenParameters = {
  tx: CandidateTransaction;
  /** What the step was asked to do: its chains and the token to receive. */
  choice: Pick<TransferChoice, 'fromChainId' | 'toChainId' | 'toToken'>;
  /** The trusted RPC of the source chain, the Arbitrum chain's parent (src/chains/trustedClient.ts). */
  client: TrustedClient;
};

/**
 * The token an ERC-20 sent through LI.FI's ArbitrumBridgeFacet becomes on Arbitrum, proven by Arbitrum's own
 * contract: the parent chain's GatewayRouter (its address from Arbitrum's SDK, src/contracts/arbitrumGateways.ts)
 * names it (`calculateL2TokenAddress`, read through the trusted RPC), and it must be the token chosen. The calldata
 * does not name it, so without this read it would be Arbitrum's promise. An unreadable answer leaves it so (the
 * review names it); a different token is refused in words. Undefined when the call is not an ERC-20 sent through
 * that facet from a parent chain the table knows.
 */
export async function proveArbitrumGatewayToken(
  parameters: ProveArbitrumGatewayTokenParameters,
): Promise<PromiseProof | undefined> {
  const { tx, choice, client } = parameters;
  const gateway = ARBITRUM_PARENT_GATEWAY_ROUTERS[choice.toChainId];
  if (!gateway || gateway.parentChainId !== choice.fromChainId) return undefined;
  const deposited = arbitrumDeposit(tx.data);
  if (deposited === undefined || isNativeToken(deposited)) return undefined;
  let arrives: `0x${string}`;
  try {
    arrives = await readTrustedContract(client, {
      chainId: choice.fromChainId,
      address: gateway.router,
      abi: arbitrumGatewayRouterAbi,
      functionName: 'calculateL2TokenAddress',
      args: [deposited],
    });
  } catch (error) {
    console.warn(`[arbitrum] the gateway's token could not be read: ${(error as Error).message}`);
    return { ok: true, proven: [], unproven: ['receivingToken'] };
  }
  if (!sameAddress(arrives, choice.toToken)) {
    return refusedProof(i18n.t('arbitrumGateway.otherToken', [arrives, choice.toToken]));
  }
  return allProven(['receivingToken']);
}

/** The ERC-20 the facet hands the gateway (BridgeData's sendingAssetId), or undefined for another call. */
function arbitrumDeposit(data: string): `0x${string}` | undefined {
  try {
    const { args } = decodeFunctionData({ abi: arbitrumBridgeFacetAbi, data: data as Hex });
    return args[0].sendingAssetId;
  } catch {
    return undefined;
  }
}
