import { i18n } from '#i18n';
import type { Chain, Token } from '../../schemas/catalog';
import { Avatar } from './Avatar';
import { Lazy } from './Lazy';

// The warning is rare (LI.FI's unverified and flagged tokens) and its own chunk: the popup's first JS stays small.
const loadTokenWarning = () => import('./TokenWarning').then((m) => m.TokenWarning);

type Props = {
  /** "From" or "To": names the buttons for screen readers ("From chain: Ethereum"). */
  side: 'From' | 'To';
  chain: Chain | undefined;
  token: Token | undefined;
  onPickChain(): void;
  onPickToken(): void;
};

const sideName = (side: 'From' | 'To') => (side === 'From' ? i18n.t('popup.form.from') : i18n.t('popup.form.to'));

/** One side's chain and token buttons; the token waits for a chain. */
export function SidePickers({ side, chain, token, onPickChain, onPickToken }: Props) {
  const warn = token?.verificationStatus === 'unverified' || token?.verificationStatus === 'flagged';
  return (
    <>
      <div class="pickers">
        <button
          type="button"
          class="picker"
          aria-label={i18n.t('popup.form.chainButton', [sideName(side), chain?.name ?? i18n.t('popup.form.choose')])}
          onClick={onPickChain}
        >
          {chain && <Avatar src={chain.logoURI} name={chain.name} size={20} />}
          <span>{chain?.name ?? i18n.t('popup.form.chain')}</span>
        </button>
        <button
          type="button"
          class="picker"
          aria-label={i18n.t('popup.form.tokenButton', [sideName(side), token?.symbol ?? i18n.t('popup.form.choose')])}
          onClick={onPickToken}
          disabled={!chain}
        >
          {token && <Avatar src={token.logoURI} name={token.symbol} size={20} />}
          <span>{token?.symbol ?? i18n.t('popup.form.token')}</span>
        </button>
      </div>
      {warn && <Lazy load={loadTokenWarning} props={{ token, testId: `form-token-warning-${side.toLowerCase()}` }} />}
    </>
  );
}
