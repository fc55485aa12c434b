/** A query value: arrays become the spec's comma-separated lists; undefined and empty arrays are left out. */
export type QueryValue = string | number | bigint | readonly (string | number | bigint)[] | undefined;

/**
 * `?a=1&chains=1,10`. Commas between items stay literal, as the spec writes them; each item is percent-encoded,
 * so an item containing a comma cannot split.
 */
export function buildQuery(params: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    if (items.length === 0) continue;
    parts.push(`${encodeURIComponent(key)}=${items.map((item) => encodeURIComponent(String(item))).join(',')}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
