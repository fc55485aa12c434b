import { i18n } from '#i18n';
import type { PromisedFigure } from '../../checks/routers/types';
import { figureNames } from './BridgePromise';

/**
 * The route list's words on what bridges alone set (src/background/provenRoutes.ts), in a chunk of their own: most
 * searches prove everything and never load it.
 */

/** One calm line: how many routes were left out, and why. */
export function LeftOutLine(props: { leftOut: number }) {
  const { leftOut } = props;
  return (
    <p class="muted small" role="note" data-testid="routes-left-out">
      {leftOut === 1 ? i18n.t('provenRoutes.leftOutOne') : i18n.t('provenRoutes.leftOutMany', [String(leftOut)])}
    </p>
  );
}

/** On a route card, before the review: the figures only the bridge promises. */
export function UnprovenMark(props: { figures: readonly PromisedFigure[] }) {
  return (
    <p class="notice small" data-testid="route-unproven">
      {i18n.t('provenRoutes.cardMark', [figureNames(props.figures)])}
    </p>
  );
}
