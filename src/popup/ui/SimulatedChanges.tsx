import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { TransferPreview } from '../../background/messages/previewTransfer';
import { userMessage } from '../../errors/userMessage';
import type { TransferChoiceWire } from '../../model/choice';
import type { Route } from '../../schemas/route';
import { usePopupApi } from './context';

export type PreviewQuery = {
  account: `0x${string}`;
  recipient: string;
  choice: TransferChoiceWire;
  route: Route;
  allowUnlimited: boolean;
};

/**
 * Asks the background to fetch, guard and simulate what the wallet would be asked for (previewTransfer), once per
 * route, account, recipient and approval kind; undefined while it works. A failed message reads as a refusal: the
 * review then says why rather than showing nothing.
 */
export function useTransferPreview(query: PreviewQuery | undefined): TransferPreview | undefined {
  const api = usePopupApi();
  const key = query
    ? `${query.route.id}:${query.account}:${query.recipient}:${query.choice.fromAmount}:${query.allowUnlimited}`
    : '';
  const [answer, setAnswer] = useState<{ key: string; preview: TransferPreview }>();
  useEffect(() => {
    if (!query) return;
    let current = true;
    api
      .previewTransfer(query)
      .then((preview) => current && setAnswer({ key, preview }))
      .catch((err: unknown) => current && setAnswer({ key, preview: { kind: 'refused', reason: userMessage(err) } }));
    return () => {
      current = false;
    };
    // The key names the query: one preview per route, account, recipient, amount and approval kind.
  }, [api, key]);
  return answer?.key === key ? answer.preview : undefined;
}

/** The review's section for the simulation: the balance changes, "not simulated" with why, or the refusal. */
export function SimulatedChanges(props: { preview: TransferPreview | undefined; lines: string[]; chainName: string }) {
  const { preview, lines, chainName } = props;
  return (
    <section class="simulated small" data-testid="review-simulation" aria-busy={preview === undefined}>
      <h3 class="small">{i18n.t('popup.review.simulatedTitle', [chainName])}</h3>
      {preview === undefined ? (
        <p class="muted">{i18n.t('popup.review.simulating')}</p>
      ) : preview.kind === 'simulated' ? (
        <ul class="changes" data-testid="review-changes">
          {lines.map((line) => (
            <li key={line} class={line.startsWith('−') ? 'out' : undefined}>
              {line}
            </li>
          ))}
        </ul>
      ) : preview.kind === 'notSimulated' ? (
        <p class="notice break" data-testid="review-not-simulated">
          {i18n.t('popup.review.notSimulated', [preview.reason])}
        </p>
      ) : (
        <p class="error break" role="alert" data-testid="review-refused">
          {preview.reason}
        </p>
      )}
    </section>
  );
}
