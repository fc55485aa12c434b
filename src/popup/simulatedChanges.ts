import { i18n } from '#i18n';
import { formatAmount } from '../format/amount';
import { shortAddress } from '../lib/addresses';
import { NATIVE_TOKEN_ADDRESS } from '../schemas/primitives';

type Label = { symbol: string; decimals: number };

/**
 * The review's lines for the simulated balance changes of the account: what leaves first ("−100 USDC"), then what
 * comes back ("+0.5 ETH"), then gas, which a simulation does not count in its moves. `labels` names the tokens the
 * review knows (the chosen token, the chain's coin under the zero address); any other shows its short address, so
 * nothing unexpected is hidden behind a symbol a contract chose.
 */
export function simulatedChangeLines(
  changes: readonly { token: `0x${string}`; amount: string }[],
  labels: Readonly<Record<string, Label>>,
  /** The route's gas estimate in USD, formatted, when known. */
  gas?: string,
): string[] {
  const lines = [...changes]
    .map((change) => ({ ...change, amount: BigInt(change.amount) }))
    .filter((change) => change.amount !== 0n)
    .sort((a, b) => (a.amount < 0n ? 0 : 1) - (b.amount < 0n ? 0 : 1))
    .map(({ token, amount }) => {
      const label = labels[token.toLowerCase()] ?? labels[token];
      const magnitude = amount < 0n ? -amount : amount;
      const sign = amount < 0n ? '−' : '+';
      return label
        ? `${sign}${formatAmount(magnitude, label.decimals)} ${label.symbol}`
        : `${sign}${magnitude.toString()} ${i18n.t('popup.review.unknownToken', [shortAddress(token)])}`;
    });
  lines.push(gas ? i18n.t('popup.review.plusGasAbout', [gas]) : i18n.t('popup.review.plusGas'));
  return lines;
}

/** The labels the review knows: the chosen token and the source chain's coin (the zero address in a simulation). */
export function changeLabels(fromToken: Label & { address: string }, coin: Label): Record<string, Label> {
  return { [NATIVE_TOKEN_ADDRESS.toLowerCase()]: coin, [fromToken.address.toLowerCase()]: fromToken };
}
