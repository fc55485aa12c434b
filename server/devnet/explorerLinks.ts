/**
 * Explorer links of devnet transactions. The service serves the devnet explorer under a base URL it only knows once
 * it listens, so the base is read at call time; without one, links are omitted (a public explorer would not know
 * a devnet hash).
 */
export function devnetTxLink(explorerBaseUrl: string | undefined, chainId: number, hash: string): string | undefined {
  if (!explorerBaseUrl) return undefined;
  return `${explorerBaseUrl.replace(/\/+$/, '')}/${chainId}/tx/${hash}`;
}
