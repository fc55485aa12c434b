import { i18n } from '#i18n';
import type { GasSuggestion } from '../../api/lifi/gasSuggestion';
import type { TransferPreview } from '../../background/messages/previewTransfer';
import { formatAmount } from '../../format/amount';
import type { TransferChoice } from '../../model/choice';
import type { Chain } from '../../schemas/catalog';
import { toChainIdNumber } from '../../schemas/primitives';
import type { Route } from '../../schemas/route';
import { gasOnArrivalOffer, type GasOnArrivalOffer as Offer } from '../../signing/destinationGas';
import { stepsOf } from '../../signing/routeSteps';

/**
 * What to offer when the destination lacks gas for a later signature: only on a route of LI.FI's (li.quest or its
 * twin build gas on arrival; the spec has none) whose first step bridges the token sent as it is, since LI.FI takes
 * the gas out of the amount before the bridge and a swap before it would leave nothing of that token to take.
 */
export function gasOfferFor(
  preview: TransferPreview | undefined,
  route: Route,
  choice: TransferChoice,
  chains: readonly Chain[],
  /** The service's own suggestion (LI.FI's `/v1/gas/suggestion`, src/api/lifi/gasSuggestion.ts); none from the spec's. */
  suggestion?: GasSuggestion,
): Offer | undefined {
  const gas = preview?.destinationGas;
  if (gas?.enough !== false || choice.fromAmountForGas !== undefined) return undefined;
  const first = stepsOf(route)[0];
  const bridge = first?.includedSteps?.[0];
  if (!first?.serviceStep || bridge?.type !== 'cross') return undefined;
  if (bridge.action.fromToken.address.toLowerCase() !== choice.fromToken.toLowerCase()) return undefined;
  const native = chains.find((c) => String(c.id) === String(gas.chainId))?.nativeToken;
  // The route's own quote of the native coin there (its gas costs) when the catalog has no price for it.
  const quoted = stepsOf(route)
    .flatMap((step) => step.estimate.gasCosts ?? [])
    .find((cost) => toChainIdNumber(cost.token.chainId) === gas.chainId && cost.token.priceUSD)?.token;
  // What the service suggests, where it covers the need and takes no more of the transfer than the own estimate may.
  if (suggestion && suggestion.gas >= BigInt(gas.needed) && suggestion.fromAmountForGas * 4n <= choice.fromAmount) {
    return { fromAmountForGas: suggestion.fromAmountForGas, gas: suggestion.gas };
  }
  const token = route.action?.fromToken ?? first.action?.fromToken;
  if (!token || (!native && !quoted)) return undefined;
  return gasOnArrivalOffer({
    needed: BigInt(gas.needed),
    fromAmount: choice.fromAmount,
    token,
    native: { decimals: native?.decimals ?? quoted!.decimals, priceUSD: native?.priceUSD ?? quoted?.priceUSD },
  });
}

/**
 * The review's offer of gas on arrival (issue #31): a clear choice of how much arrives as gas where step 2 is signed,
 * and what part of the transfer pays for it. Choosing asks the service again for the same bridge with that gas.
 */
export function GasOnArrivalOffer(props: {
  preview: TransferPreview | undefined;
  route: Route;
  choice: TransferChoice;
  chains: readonly Chain[];
  token: { symbol: string; decimals: number };
  status: 'asking' | 'none' | undefined;
  onChoose(fromAmountForGas: bigint): void;
}) {
  const gas = props.preview?.destinationGas;
  const suggested = gas?.suggested && {
    gas: BigInt(gas.suggested.gas),
    fromAmountForGas: BigInt(gas.suggested.fromAmountForGas),
  };
  const offer = gasOfferFor(props.preview, props.route, props.choice, props.chains, suggested);
  if (!gas || !offer) return null;
  const chain = props.chains.find((c) => String(c.id) === String(gas.chainId));
  const chainName = chain?.name ?? String(gas.chainId);
  const native = `${formatAmount(offer.gas, chain?.nativeToken.decimals ?? 18)} ${chain?.nativeToken.symbol ?? ''}`;
  const part = `${formatAmount(offer.fromAmountForGas, props.token.decimals)} ${props.token.symbol}`;
  return (
    <section class="small" data-testid="review-gas-offer">
      <button
        type="button"
        class="secondary"
        disabled={props.status === 'asking'}
        aria-busy={props.status === 'asking'}
        onClick={() => props.onChoose(offer.fromAmountForGas)}
        data-testid="review-gas-offer-choose"
      >
        {i18n.t('gasOnArrival.offer', [native.trim(), chainName, part])}
      </button>
      <p class="muted">{i18n.t('gasOnArrival.why', [String(gas.step)])}</p>
      {props.status === 'none' && (
        <p class="notice" role="status" data-testid="review-gas-offer-none">
          {i18n.t('gasOnArrival.none', [chainName, String(gas.step)])}
        </p>
      )}
    </section>
  );
}
