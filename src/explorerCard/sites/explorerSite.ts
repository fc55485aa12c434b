/**
 * One block explorer a token page can be recognised on. Several chains may share a host (a devnet explorer serves
 * `/explorer/1/`, `/explorer/10/` …), so a site is an origin plus an optional path prefix.
 */
export type ExplorerFamily = 'etherscan' | 'blockscout' | 'generic';

export type ExplorerSite = {
  chainId: number;
  family: ExplorerFamily;
  /** `https://etherscan.io`: scheme, lower-case host and port as `URL.origin` writes it. */
  origin: string;
  /** '' or a path without trailing slash, e.g. `/explorer/1`. */
  pathPrefix: string;
};
