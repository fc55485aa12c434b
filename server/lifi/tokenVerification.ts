import type { TokenTag, VerificationStatus } from '@lifi/types';
import type { CatalogToken } from '../catalog/catalogToken';

/**
 * What li.quest says of a token beside its figures (`@lifi/types` StaticToken): `verificationStatus` (verified,
 * unverified, flagged; the providers' reasons in `verificationStatusBreakdown`) and `tags`. Production lists tokens
 * it has not verified and tokens a provider flagged; the twin's catalog has one of each on Arbitrum. Which status a
 * real token has at li.quest was not observed here: these are the twin's, every other token verified.
 */
const STATUS_BY_TOKEN: ReadonlyMap<string, { status: VerificationStatus; reason?: string }> = new Map([
  ['42161:0x539bde0d7dbd336b79148aa742883198bbf60342', { status: 'unverified' }],
  [
    '42161:0x386b110184968edb00d5848b97799a819a419d22',
    { status: 'flagged', reason: 'Airdrop lure: the token invites holders to a claim site' },
  ],
]);

const STABLECOINS: ReadonlySet<string> = new Set(['USDC', 'USDT', 'DAI']);
const MAJOR_ASSETS: ReadonlySet<string> = new Set(['ETH', 'WETH', 'WBTC', 'BNB', 'POL', 'AVAX', 'SOL']);

/** The token's verification, its breakdown by the twin's one provider, and its tags. */
export function tokenVerification(token: CatalogToken): {
  verificationStatus: VerificationStatus;
  verificationStatusBreakdown?: { provider: string; result: VerificationStatus; reason?: string }[];
  tags?: TokenTag[];
} {
  const entry = STATUS_BY_TOKEN.get(`${token.chainId}:${token.address.toLowerCase()}`);
  const tags = STABLECOINS.has(token.coinKey)
    ? ['stablecoin' as TokenTag]
    : MAJOR_ASSETS.has(token.coinKey)
      ? ['major_asset' as TokenTag]
      : undefined;
  if (!entry) return { verificationStatus: 'verified', ...(tags ? { tags } : {}) };
  return {
    verificationStatus: entry.status,
    ...(entry.reason
      ? { verificationStatusBreakdown: [{ provider: 'twin', result: entry.status, reason: entry.reason }] }
      : {}),
  };
}
