import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatAmount } from '../../format/amount';
import { formatDuration } from '../../format/duration';
import { formatUsd } from '../../format/usd';
import { sendMessage } from '../../messaging/protocol';
import { RemoteError, unwrapReply } from '../../messaging/reply';
import type { Chain } from '../../schemas/catalog';
import type { DetectedToken, InlineQuote } from '../inlineQuotes';
import { readCardAmount } from './amountInput';
import { defaultAmount } from './defaultAmount';
import { trusted } from './trusted';
import { useDebounced } from './useDebounced';
import { useInlineQuotes } from './useInlineQuotes';
import { usePageVisible } from './usePageVisible';

export const AMOUNT_DEBOUNCE_MS = 400;

/**
 * The inline card. Everything shown is page or API data rendered as Preact text nodes (never as HTML); failures
 * are a quiet line inside the card, never a banner on the explorer's page.
 */
export function ExplorerCard({ detected }: { detected: DetectedToken }) {
  const { chain, token } = detected;
  const [amountText, setAmountText] = useState(() => defaultAmount(token.priceUSD, token.decimals));
  const [toChainId, setToChainId] = useState<number | null>(null);
  const [chains, setChains] = useState<Chain[]>([]);
  // Why the last Bridge click opened nothing, said on the card (cleared by the next click).
  const [openError, setOpenError] = useState<string | null>(null);
  const typed = readCardAmount(amountText, token);
  const amount = useDebounced(typed.amount, AMOUNT_DEBOUNCE_MS);
  const state = useInlineQuotes(chain.id, token.address, amount, toChainId, usePageVisible());

  useEffect(() => {
    sendMessage('getChains', undefined)
      .then(unwrapReply)
      .then(
        (all) => setChains(all.filter((c) => c.id !== chain.id && (c.chainType === 'EVM' || c.chainType === 'SOLANA'))),
        () => setChains([]),
      );
  }, [chain.id]);

  const result =
    state.status === 'done'
      ? state.result
      : state.status !== 'idle' && state.status !== 'error'
        ? state.previous
        : undefined;
  // Quotes for another amount than the one typed (still typing, or the new ones on their way) stay visible to keep
  // the card steady, but faded, said to be updating, and not offered: Bridge would open the old amount.
  const stale = result !== undefined && (typed.amount !== amount || state.status !== 'done');
  // Only a real click opens the extension (./trusted.ts).
  const open = (event: MouseEvent, quote: InlineQuote) => {
    if (!event.isTrusted || amount === null) return;
    setOpenError(null);
    void sendMessage('openPrefilled', {
      fromChainId: chain.id,
      fromTokenAddress: token.address,
      toChainId: quote.toChain.id,
      toTokenAddress: quote.toToken.address,
      amount,
    })
      .then(unwrapReply)
      .catch((err: unknown) =>
        setOpenError(
          i18n.t('card.openFailed', [err instanceof RemoteError ? err.shortMessage : i18n.t('card.unavailable')]),
        ),
      );
  };

  return (
    <section class="card" data-testid="bc-card" aria-label={i18n.t('card.label')}>
      <header class="title">
        <span class="brand" data-testid="bc-brand">
          {i18n.t('extension.name')}
        </span>
        <span>{i18n.t('card.title', [token.symbol, chain.name])}</span>
      </header>
      <div class="controls">
        <label class="field">
          <span class="label">{i18n.t('card.amount')}</span>
          <input
            data-testid="bc-amount"
            inputMode="decimal"
            autoComplete="off"
            spellcheck={false}
            value={amountText}
            onInput={trusted((e) => setAmountText(e.currentTarget.value))}
          />
          <span class="unit">{token.symbol}</span>
        </label>
        <label class="field">
          <span class="label">{i18n.t('card.to')}</span>
          <select
            data-testid="bc-destination"
            value={toChainId === null ? '' : String(toChainId)}
            onChange={trusted((e) => setToChainId(e.currentTarget.value ? Number(e.currentTarget.value) : null))}
          >
            <option value="">{i18n.t('card.popular')}</option>
            {chains.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {amount === null && (
        <p class="quiet" data-testid="bc-amount-hint">
          {typed.message ?? i18n.t('card.enterAmount')}
        </p>
      )}
      {state.status === 'loading' && !result && <p class="quiet">{i18n.t('card.finding')}</p>}
      {stale && typed.amount !== null && state.status !== 'paused' && (
        <p class="quiet" role="status" data-testid="bc-updating">
          {i18n.t('card.updating')}
        </p>
      )}
      {state.status === 'error' && (
        <p class="quiet" data-testid="bc-error">
          {state.message}
        </p>
      )}
      {state.status === 'limited' && (
        <p class="quiet" data-testid="bc-limited">
          {state.message}
        </p>
      )}
      {state.status === 'paused' && (
        <p class="quiet" role="status" data-testid="bc-paused">
          {state.message}
        </p>
      )}
      {result && (
        <ul class={stale ? 'quotes stale' : 'quotes'} data-testid="bc-quotes" aria-busy={stale}>
          {result.quotes.map((quote) => (
            <QuoteRow key={quote.toChain.id} quote={quote} fromSymbol={token.symbol} stale={stale} onOpen={open} />
          ))}
          {result.errors.map((error) => (
            <li key={error.toChainId} class="quote quiet" data-testid="bc-quote-error">
              {i18n.t('card.chainError', [
                chains.find((c) => c.id === error.toChainId)?.name ??
                  i18n.t('card.chainNumber', [String(error.toChainId)]),
                error.message,
              ])}
            </li>
          ))}
        </ul>
      )}
      {openError && (
        <p class="quiet" role="alert" data-testid="bc-open-error">
          {openError}
        </p>
      )}
      {result && result.quotes.length === 0 && result.errors.length === 0 && (
        <p class="quiet">{i18n.t('card.noRoutes')}</p>
      )}
    </section>
  );
}

function QuoteRow(props: {
  quote: InlineQuote;
  fromSymbol: string;
  stale: boolean;
  onOpen: (e: MouseEvent, q: InlineQuote) => void;
}) {
  const { quote, onOpen } = props;
  const usd = formatUsd(quote.toAmountUSD);
  const duration = formatDuration(quote.executionDuration);
  return (
    <li class="quote" data-testid="bc-quote" data-chain-id={String(quote.toChain.id)}>
      <div class="quote-main">
        <span class="chain">{quote.toChain.name}</span>
        <span class="amount" data-testid="bc-quote-amount">
          {formatAmount(quote.toAmount, quote.toToken.decimals, 'receipt')} {quote.toToken.symbol}
        </span>
        {usd && <span class="usd">≈ {usd}</span>}
      </div>
      <div class="quote-meta">
        {quote.toToken.symbol !== props.fromSymbol && (
          // The route swaps on the way: the title says what is sent, this says it arrives as another token.
          <span data-testid="bc-quote-swap">{i18n.t('card.arrivesAs', [props.fromSymbol, quote.toToken.symbol])}</span>
        )}
        <span data-testid="bc-quote-tool">{i18n.t('card.via', [quote.toolName])}</span>
        {duration && <span data-testid="bc-quote-duration">~{duration}</span>}
        <button
          type="button"
          class="open"
          data-testid="bc-open"
          disabled={props.stale}
          onClick={(e) => onOpen(e, quote)}
        >
          {i18n.t('card.bridge')}
        </button>
      </div>
    </li>
  );
}
