import { decodeFunctionData, type Hex } from 'viem';
import { relayDepositoryFacetAbi } from '../../contracts/lifi/relayDepository';
import type { TransferChoice } from '../../model/choice';
import type { CandidateTransaction } from '../guards';
import { routerFamilyAt } from '../routers/registry';
import { getRelayOrders } from './relayApi';
import { builtInRelayConfig, type RelayConfig } from './relayConfig';
import { proveRelayOrder } from './relayProof';
import type { PromiseProof } from './types';

export type ProveRelayStepParameters = {
  tx: CandidateTransaction;
  /** What the step was asked to do (its chains, tokens, amount, sender and receiver). */
  choice: TransferChoice;
  /** The least the person is to receive, as the signing flow holds it (the floor shown, or a lower one accepted). */
  minimum: bigint;
  /** Relay's API and solver: this build's unless a test names others. */
  config?: RelayConfig;
  signal?: AbortSignal;
};

/**
 * A RelayDepositoryFacet step transaction's open figures proven with Relay: the `orderId` it deposits against is
 * asked of Relay's own API (fixed at build time, never the routing service's word), and the order behind it proven
 * and compared (relayProof.ts) with the deposit the calldata makes and the person's choice. Undefined when the
 * transaction is not a Relay deposit through LI.FI's diamond this extension decodes.
 */
export async function proveRelayStep(parameters: ProveRelayStepParameters): Promise<PromiseProof | undefined> {
  const { tx, choice } = parameters;
  const chainId = Number(tx.chainId);
  const decoded = routerFamilyAt(chainId, tx.to)?.decode(tx.data as Hex, chainId);
  const orderId = decoded?.ok ? decoded.call.extra?.orderId : undefined;
  if (typeof orderId !== 'string' || !choice.fromAddress) return undefined;
  let bridgeData: { sendingAssetId: `0x${string}`; minAmount: bigint };
  try {
    const { args } = decodeFunctionData({ abi: relayDepositoryFacetAbi, data: tx.data as Hex });
    bridgeData = args[0];
  } catch {
    return undefined;
  }
  const config = parameters.config ?? builtInRelayConfig();
  const answer = await getRelayOrders({
    apiUrl: config.apiUrl,
    orderId: orderId as Hex,
    ...(parameters.signal ? { signal: parameters.signal } : {}),
  });
  return proveRelayOrder({
    orderId: orderId as Hex,
    answer,
    solver: config.solver,
    expected: {
      deposit: { chainId, token: bridgeData.sendingAssetId, amount: bridgeData.minAmount },
      account: choice.fromAddress,
      toChainId: choice.toChainId,
      recipient: choice.toAddress ?? choice.fromAddress,
      toToken: choice.toToken,
      minimum: parameters.minimum,
    },
  });
}
