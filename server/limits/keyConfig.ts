import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describeIssues } from '../../src/schemas/issues';
import { DEFAULT_TIERS, type TierLimits, type TierName, UNLIMITED } from './tiers';

const LimitSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

const KeyEntrySchema = v.object({
  key: v.pipe(v.string(), v.minLength(8, 'keys must be at least 8 characters')),
  tier: v.picklist(['free', 'standard', 'enterprise', 'unlimited']),
  name: v.optional(v.string()),
  perMinute: v.optional(LimitSchema),
  perHour: v.optional(LimitSchema),
});

/** Keys file: `{"keys": [{"key": "…", "tier": "standard", "name"?: "…", "perMinute"?: n, "perHour"?: n}]}`. */
export const KeyConfigSchema = v.object({ keys: v.array(KeyEntrySchema) });

export type KeyConfig = v.InferInput<typeof KeyConfigSchema>;
export type KeyEntry = v.InferOutput<typeof KeyEntrySchema>;

export type ResolvedKey = {
  key: string;
  name: string;
  tier: TierName;
  limits: TierLimits;
  /** The entry's own `perMinute`, when it names one: the LI.FI dialect's key allowance is built from it alone. */
  perMinute?: number;
};

export function parseKeyConfig(input: unknown, source = 'key config'): ReadonlyMap<string, ResolvedKey> {
  const result = v.safeParse(KeyConfigSchema, input);
  if (!result.success) throw new Error(`Invalid ${source}: ${describeIssues(result.issues).join('; ')}`);
  const keys = new Map<string, ResolvedKey>();
  for (const entry of result.output.keys) {
    if (entry.tier === 'enterprise' && (entry.perMinute === undefined || entry.perHour === undefined)) {
      throw new Error(
        `Invalid ${source}: enterprise key ${entry.name ?? entry.key.slice(0, 4)} needs perMinute and perHour`,
      );
    }
    // Enterprise limits were checked above; unlimited has none.
    const base = entry.tier === 'free' || entry.tier === 'standard' ? DEFAULT_TIERS[entry.tier] : UNLIMITED;
    keys.set(entry.key, {
      key: entry.key,
      name: entry.name ?? entry.tier,
      tier: entry.tier,
      limits: { perMinute: entry.perMinute ?? base.perMinute, perHour: entry.perHour ?? base.perHour },
      ...(entry.perMinute === undefined ? {} : { perMinute: entry.perMinute }),
    });
  }
  return keys;
}

export function loadKeyFile(path: string): ReadonlyMap<string, ResolvedKey> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read API keys file ${path}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`API keys file ${path} is not JSON: ${(err as Error).message}`);
  }
  return parseKeyConfig(json, `API keys file ${path}`);
}
