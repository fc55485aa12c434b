import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatAmount, formatCount } from '../../format/amount';
import type { Chain, Token } from '../../schemas/catalog';
import { isNativeToken } from '../../schemas/primitives';
import { Avatar } from './Avatar';
import { usePopup, usePopupApi } from './context';
import { Dialog } from './Dialog';
import { Lazy } from './Lazy';
import { useTokenBalances } from './useTokenBalances';
import { useTokenSearch } from './useTokenSearch';
import { scrollToRow, VirtualList } from './VirtualList';

const ROW = 48;
const HEIGHT = 384;
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const loadImport = () => import('./TokenImport').then((m) => m.TokenImport);

/** Token picker: search by symbol, name or pasted address over the chain's whole catalog. */
export function TokenPicker(props: { label: string; chain: Chain; onPick(token: Token): void; onClose(): void }) {
  const api = usePopupApi();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement | null>(null);
  const { tokens, status, message, forQuery } = useTokenSearch(api, query, props.chain.id);
  const account = usePopup((s) => s.account);
  const balances = useTokenBalances(api, props.chain.id, account, tokens);
  const pasted = query.trim();
  const activeIndex = Math.min(active, Math.max(0, tokens.length - 1));
  const fresh = forQuery === query.trim();
  // Enter pressed before this query's answer arrived: pick as soon as it does (never from an older list).
  const [pendingEnter, setPendingEnter] = useState(false);
  useEffect(() => {
    if (!pendingEnter || !fresh) return;
    setPendingEnter(false);
    const token = tokens[activeIndex];
    if (token) props.onPick(token);
  }, [pendingEnter, fresh, tokens, activeIndex, props.onPick]);

  const move = (index: number) => {
    const next = Math.max(0, Math.min(tokens.length - 1, index));
    setActive(next);
    const el = list.current;
    const to = el && scrollToRow(next, ROW, HEIGHT, el.scrollTop);
    if (el && to !== undefined && to !== null) el.scrollTop = to;
  };

  return (
    <Dialog label={props.label} onClose={props.onClose}>
      <input
        type="search"
        class="search"
        role="combobox"
        aria-expanded="true"
        aria-controls="token-list"
        aria-activedescendant={tokens.length ? `token-${activeIndex}` : undefined}
        aria-label={i18n.t('popup.picker.searchTokens')}
        placeholder={i18n.t('popup.picker.searchTokensPlaceholder', [props.chain.name])}
        value={query}
        onInput={(e) => {
          setPendingEnter(false);
          setQuery(e.currentTarget.value);
          setActive(0);
          if (list.current) list.current.scrollTop = 0;
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') move(activeIndex + 1);
          else if (e.key === 'ArrowUp') move(activeIndex - 1);
          else if (e.key === 'PageDown') move(activeIndex + 8);
          else if (e.key === 'PageUp') move(activeIndex - 8);
          else if (e.key === 'Enter') {
            const token = fresh ? tokens[activeIndex] : undefined;
            if (token) props.onPick(token);
            else if (!fresh) setPendingEnter(true);
          } else return;
          e.preventDefault();
        }}
      />
      <p class="muted small" aria-live="polite" data-testid="token-count">
        {status === 'error'
          ? message
          : status === 'loading'
            ? i18n.t('popup.picker.searching')
            : tokens.length === 0
              ? i18n.t('popup.picker.noTokenMatch', [query, props.chain.name])
              : i18n.t('popup.picker.tokenCount', tokens.length, [formatCount(tokens.length)])}
      </p>
      {status === 'ready' && fresh && tokens.length === 0 && ADDRESS.test(pasted) && (
        <Lazy
          key={`${props.chain.id}:${pasted}`}
          load={loadImport}
          props={{ chain: props.chain, address: pasted as `0x${string}`, onPick: props.onPick }}
        />
      )}
      <VirtualList
        id="token-list"
        label={i18n.t('popup.picker.tokensList')}
        items={tokens}
        rowHeight={ROW}
        height={HEIGHT}
        scrollRef={(el) => {
          list.current = el;
        }}
        activeDescendant={tokens.length ? `token-${activeIndex}` : undefined}
        renderRow={(token, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the search combobox (aria-activedescendant)
          <div
            tabIndex={-1}
            key={`${token.address}-${index}`}
            id={`token-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            aria-label={`${token.symbol} ${token.name}`}
            class={`token-row${index === activeIndex ? ' active' : ''}`}
            style={{ height: `${ROW}px` }}
            onMouseMove={() => index !== activeIndex && setActive(index)}
            onClick={() => props.onPick(token)}
          >
            <Avatar src={token.logoURI} name={token.symbol} size={28} />
            <span class="token-text">
              <strong>
                {token.symbol}
                {token.imported === true && <span class="tag">{i18n.t('popup.picker.imported')}</span>}
              </strong>
              <span class="muted small">{token.name}</span>
            </span>
            <span class="token-side">
              {(balances.get(token.address.toLowerCase()) ?? 0n) > 0n && (
                <span class="small" data-testid="token-balance">
                  {formatAmount(balances.get(token.address.toLowerCase())!, token.decimals)}
                </span>
              )}
              {/* The zero address stands for the chain's coin (the spec's convention, Solana's too): no address to check. */}
              {isNativeToken(token.address) ? (
                <span class="muted small">{i18n.t('popup.picker.nativeCoin')}</span>
              ) : (
                <span class="muted small mono">{short(token.address)}</span>
              )}
            </span>
          </div>
        )}
      />
    </Dialog>
  );
}
