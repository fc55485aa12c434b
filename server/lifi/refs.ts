import type { CatalogToken } from '../catalog/catalogToken';
import { invalidField } from '../http/apiError';
import type { ServiceContext } from '../serviceContext';

/**
 * LI.FI names chains by ID or key (`1` or `eth`) and tokens by address or symbol (`USDC`) in query strings; the shared
 * request resolution (server/routing/resolveRequest.ts) takes IDs and addresses, so these turn one into the other.
 */

export function chainIdOf(ctx: ServiceContext, ref: string, field: string): number {
  if (/^[0-9]+$/.test(ref)) return Number(ref);
  const chain = ctx.catalog.chains.find((c) => c.key === ref.toLowerCase());
  if (!chain) throw invalidField(field, `unknown chain ${ref}`);
  return chain.id;
}

export function tokenAddressOf(ctx: ServiceContext, chainId: number, ref: string, field: string): string {
  if (ref.startsWith('0x')) return ref;
  const found = (ctx.catalog.tokensByChain.get(chainId) ?? []).find(
    (t: CatalogToken) => t.symbol.toLowerCase() === ref.toLowerCase(),
  );
  if (!found) throw invalidField(field, `unknown token ${ref} on chain ${chainId}`);
  return found.address;
}
