import { i18n } from '#i18n';
import { formatDuration } from '../../format/duration';
import { formatPercent } from '../../format/percent';
import { formatUsd } from '../../format/usd';
import type { RouteSummary, RouteTag } from '../routeSummary';
import { Avatar } from './Avatar';
import { PlusGas } from './PlusGas';

const tagLabel = (tag: RouteTag) =>
  tag === 'best return'
    ? i18n.t('popup.routes.tag.bestReturn')
    : tag === 'fastest'
      ? i18n.t('popup.routes.tag.fastest')
      : i18n.t('popup.routes.tag.cheapest');

/** One route as a native radio (arrow keys move between routes for free). */
export function RouteCard(props: {
  summary: RouteSummary;
  tags: RouteTag[];
  selected: boolean;
  onSelect(): void;
  /** What only the bridge promises on this route, said before the review (RouteProofNotes). */
  mark?: preact.ComponentChildren;
}) {
  const { summary: r } = props;
  return (
    <label class={`route${props.selected ? ' selected' : ''}`} data-testid="route">
      <input
        type="radio"
        name="route"
        checked={props.selected}
        onChange={props.onSelect}
        aria-label={`${i18n.t('popup.routes.receive', [r.toolName, r.toAmount, r.toSymbol])}${props.tags.length ? ` (${props.tags.map(tagLabel).join(', ')})` : ''}`}
        aria-description={`${r.path}. ${r.signatures > 1 ? `${i18n.t('popup.routes.signatures', [String(r.signatures)])} ` : ''}${r.steps.join('. ')}`}
      />
      <div class="route-head">
        <Avatar src={r.toolLogoURI} name={r.toolName} size={20} />
        <strong>{r.toolName}</strong>
        <span class="tags">
          {props.tags.map((tag) => (
            <span class={`tag tag-${tag.replace(' ', '-')}`} key={tag} data-testid="route-tag">
              {tagLabel(tag)}
            </span>
          ))}
        </span>
      </div>
      <div class="route-amount">
        <span class="big" data-testid="route-amount">
          {r.toAmount} {r.toSymbol}
        </span>
        <span class="muted">{formatUsd(r.toAmountUSD) ?? '—'}</span>
      </div>
      {r.gasOnArrival && <PlusGas gas={r.gasOnArrival} />}
      <dl class="route-facts">
        <div>
          <dt>{i18n.t('popup.routes.min')}</dt>
          <dd>
            {r.toAmountMin} {r.toSymbol}
          </dd>
        </div>
        <div>
          <dt>{i18n.t('popup.routes.gas')}</dt>
          <dd>{formatUsd(r.gasUSD) ?? '—'}</dd>
        </div>
        <div>
          <dt>{i18n.t('popup.routes.time')}</dt>
          <dd>{formatDuration(r.duration) ?? i18n.t('popup.routes.unknownTime')}</dd>
        </div>
      </dl>
      {(r.fees.length > 0 || r.priceImpact !== undefined) && (
        <p class="muted small fee-lines" data-testid="route-fees">
          {[
            ...(r.fees.length
              ? r.fees.map((fee) => `${fee.name} ${formatUsd(fee.usd) ?? '—'}`)
              : [i18n.t('popup.routes.noFees')]),
            ...(r.priceImpact !== undefined
              ? [i18n.t('popup.routes.priceImpact', [formatPercent(r.priceImpact)])]
              : []),
          ].join(' · ')}
        </p>
      )}
      {props.mark}
      {r.signatures > 1 && (
        <p class="notice small" data-testid="route-signatures">
          {i18n.t('popup.routes.signatures', [String(r.signatures)])}
        </p>
      )}
      <ol class="steps muted small" aria-label={i18n.t('popup.routes.steps')} data-testid="route-steps">
        {r.steps.map((step, i) => (
          <li key={`${i}-${step}`}>{step}</li>
        ))}
      </ol>
    </label>
  );
}
