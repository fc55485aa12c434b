import type { Chain, Token } from '../../schemas/catalog';
import { Avatar } from './Avatar';

type Props = {
  /** "From" or "To": names the buttons for screen readers ("From chain: Ethereum"). */
  side: 'From' | 'To';
  chain: Chain | undefined;
  token: Token | undefined;
  onPickChain(): void;
  onPickToken(): void;
};

/** One side's chain and token buttons; the token waits for a chain. */
export function SidePickers({ side, chain, token, onPickChain, onPickToken }: Props) {
  return (
    <div class="pickers">
      <button
        type="button"
        class="picker"
        aria-label={`${side} chain: ${chain?.name ?? 'choose'}`}
        onClick={onPickChain}
      >
        {chain && <Avatar src={chain.logoURI} name={chain.name} size={20} />}
        <span>{chain?.name ?? 'Chain'}</span>
      </button>
      <button
        type="button"
        class="picker"
        aria-label={`${side} token: ${token?.symbol ?? 'choose'}`}
        onClick={onPickToken}
        disabled={!chain}
      >
        {token && <Avatar src={token.logoURI} name={token.symbol} size={20} />}
        <span>{token?.symbol ?? 'Token'}</span>
      </button>
    </div>
  );
}
