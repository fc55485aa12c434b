import type { Chain, Tool, ToolsResponse } from '../../schemas/catalog';
import {
  type LifiChain,
  LifiChainsResponseSchema,
  LifiTokensResponseSchema,
  type LifiToolsResponse,
  LifiToolsResponseSchema,
} from '../../schemas/lifi/catalog';
import type { RoutingClient } from '../client';
import type { GetChainsParameters, GetChainsReturnType } from '../getChains';
import type { GetTokensParameters, GetTokensReturnType } from '../getTokens';
import type { GetToolsParameters, GetToolsReturnType } from '../getTools';

/**
 * The extension signs with EVM wallets and delivers to Solana too: LI.FI is asked for EVM and SVM (its name for
 * Solana's chain type) chains and tokens unless told otherwise.
 */
const EVM_AND_SOLANA = ['EVM', 'SVM'];

/**
 * LI.FI's chain in the internal shape: `metamask` becomes `wallet`, LI.FI's chain type `SVM` the spec's `SOLANA`;
 * diamondAddress and the rest stay as sent.
 */
export function normalizeLifiChain(chain: LifiChain): Chain {
  const { metamask, ...rest } = chain;
  return {
    ...rest,
    chainType: chain.chainType === 'SVM' ? 'SOLANA' : chain.chainType,
    wallet: { ...metamask, chainId: `0x${chain.id.toString(16)}` },
  };
}

/**
 * Bridges list `{fromChainId, toChainId}` pairs, exchanges chain IDs; internally every tool lists the chains it
 * touches (what the settings and the card need). A bridge keeps its pairs as `chainPairs`.
 */
export function normalizeLifiTools(tools: LifiToolsResponse): ToolsResponse {
  const bridges: Tool[] = tools.bridges.map(({ supportedChains, ...bridge }) => ({
    ...bridge,
    supportedChains: [...new Set(supportedChains.flatMap((pair) => [pair.fromChainId, pair.toChainId]))],
    chainPairs: supportedChains,
  }));
  return { bridges, exchanges: tools.exchanges };
}

export async function getLifiChains(
  client: RoutingClient,
  params: GetChainsParameters = {},
): Promise<GetChainsReturnType> {
  const response = await client.request({
    method: 'GET',
    path: '/v1/chains',
    query: { chainTypes: params.chainTypes ?? EVM_AND_SOLANA },
    schema: LifiChainsResponseSchema,
    signal: params.signal,
  });
  return response.chains.map(normalizeLifiChain);
}

export async function getLifiTokens(
  client: RoutingClient,
  params: GetTokensParameters = {},
): Promise<GetTokensReturnType> {
  const response = await client.request({
    method: 'GET',
    path: '/v1/tokens',
    query: { chains: params.chains, chainTypes: EVM_AND_SOLANA },
    schema: LifiTokensResponseSchema,
    signal: params.signal,
  });
  return response.tokens;
}

export async function getLifiTools(
  client: RoutingClient,
  params: GetToolsParameters = {},
): Promise<GetToolsReturnType> {
  const response = await client.request({
    method: 'GET',
    path: '/v1/tools',
    query: { chains: params.chains },
    schema: LifiToolsResponseSchema,
    signal: params.signal,
  });
  return normalizeLifiTools(response);
}
