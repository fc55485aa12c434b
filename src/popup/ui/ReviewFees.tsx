import { formatUsd } from '../../format/usd';
import type { Route } from '../../schemas/route';
import { feePartyRows } from '../feeParties';

/**
 * The review's fees by party (LI.FI's `feeSplit`): LI.FI, the integrator, each tool, the gas on each chain, each
 * its amount and USD value. Part of the review's chunk, loaded when the review opens.
 */
export function ReviewFees({ route, chainName }: { route: Route; chainName: (chainId: string) => string }) {
  return (
    <ul class="fee-parties" data-testid="review-fee-parties">
      {feePartyRows(route, chainName).map((row) => (
        <li key={`${row.kind}:${row.label}`} data-testid={`review-fee-${row.kind}`}>
          {row.label}: {row.amount} <span class="muted">{formatUsd(row.usd) ?? ''}</span>
        </li>
      ))}
    </ul>
  );
}
