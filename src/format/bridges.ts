export type BridgeLists = { allow: string[]; deny: string[]; prefer: string[] };

/** The person's bridge lists as a request carries them: only the non-empty ones, undefined when all are empty. */
export function compactBridges(bridges: BridgeLists): Partial<BridgeLists> | undefined {
  const out: Partial<BridgeLists> = {};
  if (bridges.allow.length) out.allow = bridges.allow;
  if (bridges.deny.length) out.deny = bridges.deny;
  if (bridges.prefer.length) out.prefer = bridges.prefer;
  return Object.keys(out).length ? out : undefined;
}
