import { LifiGasSuggestionSchema } from '../../schemas/lifi/gasSuggestion';
import type { RoutingClient } from '../client';

export type GetGasSuggestionParameters = {
  /** Where the gas is wanted. */
  chainId: number;
  fromChainId: number;
  /** The token the gas is paid in, out of the amount sent. */
  fromToken: string;
  signal?: AbortSignal;
};

/** What LI.FI suggests bringing: `gas` (wei) on the chain, bought with `fromAmountForGas` of the token sent. */
export type GasSuggestion = { gas: bigint; fromAmountForGas: bigint };

/**
 * LI.FI's gas suggestion for gas on arrival (GET /v1/gas/suggestion/{chainId}?fromChain&fromToken), as the LI.FI
 * widget asks it: undefined where LI.FI brings none there (`available: false`) or leaves a figure out, so the
 * caller falls back to its own estimate. The spec's service has no such endpoint (src/api/adapters.ts).
 */
export async function getLifiGasSuggestion(
  client: RoutingClient,
  params: GetGasSuggestionParameters,
): Promise<GasSuggestion | undefined> {
  const answer = await client.request({
    method: 'GET',
    path: `/v1/gas/suggestion/${params.chainId}`,
    query: { fromChain: String(params.fromChainId), fromToken: params.fromToken },
    schema: LifiGasSuggestionSchema,
    signal: params.signal,
  });
  if (!answer.available || !answer.recommended || answer.fromAmount === undefined) return undefined;
  if (answer.fromToken && answer.fromToken.address.toLowerCase() !== params.fromToken.toLowerCase()) return undefined;
  return { gas: BigInt(answer.recommended.amount), fromAmountForGas: BigInt(answer.fromAmount) };
}
