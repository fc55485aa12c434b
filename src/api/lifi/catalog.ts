import { i18n } from '#i18n';
import { LIFI_CHAIN_ID_SOLANA, lifiDiamondOn, lifiPermit2On } from '../../contracts/lifiDiamond';
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
 * Where LI.FI's listing names one of its contracts on `chain` (`diamondAddress`, `permit2`, `permit2Proxy`) at
 * another address than the one the extension pins from LI.FI's published deployments (src/contracts/
 * lifiDeployments.ts), the refusal in words; undefined when every address given agrees. A member left out (each is
 * optional in 2026) is no conflict: the pinned address is used. Only the pins are ever signed for
 * (src/checks/routers/), so a listing that names another contract redirects no signature; it is refused so the
 * person learns why the chain offers nothing, instead of meeting a refusal at signing.
 */
export function lifiListingConflict(chain: LifiChain): string | undefined {
  const pinnedPermit2 = lifiPermit2On(chain.id);
  const pins: [string, unknown, string | undefined][] = [
    ['diamond', chain.diamondAddress, lifiDiamondOn(chain.id)],
    ['Permit2', chain.permit2, pinnedPermit2?.permit2],
    ['Permit2Proxy', chain.permit2Proxy, pinnedPermit2?.permit2Proxy],
  ];
  for (const [contract, listed, pinned] of pins) {
    if (listed === undefined || pinned === undefined) continue;
    if (typeof listed === 'string' && listed.toLowerCase() === pinned.toLowerCase()) continue;
    return i18n.t('lifiChains.listingConflict', [chain.name, contract, String(listed).slice(0, 42), pinned]);
  }
  return undefined;
}

/**
 * Why li.quest is not asked for routes from `chainId`, in words, or undefined when it may be: a chain whose listing
 * contradicts the pins (above, as last read), or an EVM chain where LI.FI publishes no diamond, since the guard
 * signs nothing there. Solana is a destination only.
 */
export function lifiChainRefusal(chainId: number, role: 'from' | 'to'): string | undefined {
  const conflict = listingConflicts.get(chainId);
  if (conflict) return conflict;
  if (role === 'from' && chainId !== LIFI_CHAIN_ID_SOLANA && lifiDiamondOn(chainId) === undefined) {
    return i18n.t('lifiChains.noDiamond', [String(chainId)]);
  }
  return undefined;
}

/**
 * The conflicts of the LI.FI listing last read (replaced on each read). The background's chain cache outlives the
 * worker, this does not: until the next read a conflict is caught at signing instead, where only pins count.
 */
const listingConflicts = new Map<number, string>();

/** Records the listing's conflicts (for the route search) and normalizes its chains. */
export function readLifiListing(chains: readonly LifiChain[]): Chain[] {
  listingConflicts.clear();
  return chains.map((chain) => {
    const conflict = chain.chainType === 'EVM' ? lifiListingConflict(chain) : undefined;
    if (conflict) {
      listingConflicts.set(chain.id, conflict);
      console.warn(`[chains] ${conflict}`);
    }
    return normalizeLifiChain(chain);
  });
}

/**
 * LI.FI's chain in the internal shape: `metamask` becomes `wallet`, LI.FI's chain type `SVM` the spec's `SOLANA`;
 * diamondAddress and the rest stay as sent. The listing's `metamask.rpcUrls` are kept for the wallet's
 * wallet_addEthereumChain only: the extension reads chains through its own trusted RPCs (src/chains/trustedRpc.ts).
 */
export function normalizeLifiChain(chain: LifiChain): Chain {
  const { metamask, ...rest } = chain;
  return {
    ...rest,
    nativeToken: nativeTokenOf(chain),
    chainType: chain.chainType === 'SVM' ? 'SOLANA' : chain.chainType,
    wallet: { ...metamask, chainId: `0x${chain.id.toString(16)}` },
  };
}

/**
 * The chain's native coin as the extension counts it: on a chain LI.FI flags `nonStandardNativeDecimals`, what is
 * read on chain (balances, `value`, gas) counts the wallet's `nativeCurrency.decimals`, which may differ from the
 * decimals of the token LI.FI prices as native (Stable's USDT0: 18 on chain, 6 as a token). Every native amount the
 * extension shows or compares is one read on chain or sent as `value`, so `nativeToken.decimals` becomes the chain's.
 */
function nativeTokenOf(chain: LifiChain): LifiChain['nativeToken'] {
  const chainDecimals = chain.metamask.nativeCurrency?.decimals;
  if (chain.nonStandardNativeDecimals !== true || chainDecimals === undefined) return chain.nativeToken;
  return { ...chain.nativeToken, decimals: chainDecimals };
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
  return readLifiListing(response.chains);
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
