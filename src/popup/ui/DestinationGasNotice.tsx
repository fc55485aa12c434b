import { i18n } from '#i18n';
import type { TransferPreview } from '../../background/messages/previewTransfer';
import { formatAmount } from '../../format/amount';
import type { Chain } from '../../schemas/catalog';

/**
 * The review's word on gas where a later step is signed (bridge, then swap on the destination): read through that
 * chain's trusted RPC before the first signature (src/signing/destinationGas.ts). Nothing when there is enough or no
 * step is signed elsewhere, or when gas on arrival covers it; a warning when there is too little, or when the balance
 * could not be read.
 */
export function DestinationGasNotice(props: {
  preview: TransferPreview | undefined;
  chains: readonly Chain[];
  /** Gas on arrival the route carries (wei, as quoted): with the balance it covers the need, nothing is said. */
  arriving?: string | undefined;
}) {
  const gas = props.preview?.destinationGas;
  if (!gas || gas.enough === true) return null;
  if (props.arriving !== undefined && BigInt(gas.balance ?? '0') + BigInt(props.arriving) >= BigInt(gas.needed)) {
    return null;
  }
  const chain = props.chains.find((c) => String(c.id) === String(gas.chainId));
  const chainName = chain?.name ?? String(gas.chainId);
  const symbol = chain?.nativeToken.symbol ?? '';
  const decimals = chain?.nativeToken.decimals ?? 18;
  const amount = (wei: string) => `${formatAmount(wei, decimals)} ${symbol}`.trim();
  const needs = i18n.t('destinationGas.needs', [String(gas.step), chainName, amount(gas.needed)]);
  return (
    <p class="notice small break" role="status" data-testid="review-destination-gas">
      {needs}{' '}
      {gas.balance === undefined
        ? i18n.t('destinationGas.unread', [chainName])
        : i18n.t('destinationGas.tooLittle', [chainName, amount(gas.balance), String(gas.step)])}
    </p>
  );
}
