import type { CatalogToken } from './catalogToken';

const NON_ASCII = /[\u0080-\uffff]/;

/** Whether a text is pure ASCII: its UTF-8 encoding has one byte per character. */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/** Whether every token field and every tool key, name, logo and asset is ASCII. */
export function catalogTextIsAscii(
  tokens: Iterable<CatalogToken>,
  tools: Iterable<{ key: string; name: string; logoURI: string; assets?: readonly string[] }>,
): boolean {
  for (const t of tokens) {
    if (!isAscii(t.address + t.chainId + t.symbol + t.name + t.priceUSD + t.coinKey)) return false;
  }
  for (const tool of tools) {
    if (!isAscii(tool.key + tool.name + tool.logoURI + (tool.assets ?? []).join(''))) return false;
  }
  return true;
}
