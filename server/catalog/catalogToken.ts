/**
 * A token as listed by /v1/tokens and embedded in routes (JSON-ready: it is serialized as is). Its own file so the
 * catalog's parts (ASCII check, synthetic tokens) name it without importing the catalog that imports them.
 */
export type CatalogToken = {
  address: string;
  chainId: string;
  symbol: string;
  decimals: number;
  name: string;
  priceUSD: string;
  coinKey: string;
};
