import { useState } from 'preact/hooks';
import { formatAmount } from '../../format/amount';
import { ROUTE_ORDERS, type RouteOrder } from '../../schemas/requests';
import { selectChain, selectFormCheck } from '../store/selectors';
import { Avatar } from './Avatar';
import { ChainPicker } from './ChainPicker';
import { usePopup } from './context';
import { TokenPicker } from './TokenPicker';

type Picker = 'fromChain' | 'toChain' | 'fromToken' | 'toToken' | undefined;

const ORDER_LABELS: Record<RouteOrder, string> = {
  OUTPUT: 'Most received',
  TIME: 'Fastest',
  GAS: 'Lowest gas',
  COST: 'Lowest total cost',
  SAFETY: 'Safest',
};
const SLIPPAGES = [0.001, 0.003, 0.005, 0.01, 0.03];

export function TransferForm() {
  const [picker, setPicker] = useState<Picker>();
  const s = usePopup((state) => state);
  const check = selectFormCheck(s);
  const fromChain = selectChain(s, s.fromChainId);
  const toChain = selectChain(s, s.toChainId);
  const busy = s.stage !== 'idle' && s.stage !== 'done' && s.stage !== 'failed';

  return (
    <form class="transfer-form" onSubmit={(e) => e.preventDefault()} aria-label="Transfer">
      <fieldset disabled={busy}>
        <div class="side">
          <span class="side-label">From</span>
          <div class="pickers">
            <button
              type="button"
              class="picker"
              aria-label={`From chain: ${fromChain?.name ?? 'choose'}`}
              onClick={() => setPicker('fromChain')}
            >
              {fromChain && <Avatar src={fromChain.logoURI} name={fromChain.name} size={20} />}
              <span>{fromChain?.name ?? 'Chain'}</span>
            </button>
            <button
              type="button"
              class="picker"
              aria-label={`From token: ${s.fromToken?.symbol ?? 'choose'}`}
              onClick={() => setPicker('fromToken')}
              disabled={!fromChain}
            >
              {s.fromToken && <Avatar src={s.fromToken.logoURI} name={s.fromToken.symbol} size={20} />}
              <span>{s.fromToken?.symbol ?? 'Token'}</span>
            </button>
          </div>
          <label class="field">
            <span>Amount</span>
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.0"
              value={s.amountText}
              aria-invalid={Boolean(check.errors.amount)}
              aria-describedby="amount-help"
              onInput={(e) => s.setAmountText(e.currentTarget.value)}
            />
          </label>
          <div class="field-help" id="amount-help">
            {check.errors.amount ? (
              <span class="error" data-testid="amount-error">
                {check.errors.amount}
              </span>
            ) : (
              <span class="muted small" data-testid="balance">
                {s.balance !== undefined && s.fromToken
                  ? `Balance: ${formatAmount(s.balance, s.fromToken.decimals)} ${s.fromToken.symbol}`
                  : s.account
                    ? 'Balance: —'
                    : ''}
              </span>
            )}
            {s.balance !== undefined && (
              <button
                type="button"
                class="link"
                onClick={s.setMax}
                aria-label="Max: use the whole balance, keeping gas"
              >
                Max
              </button>
            )}
          </div>
        </div>

        <button type="button" class="flip icon-button" aria-label="Swap direction" onClick={s.flip}>
          ⇅
        </button>

        <div class="side">
          <span class="side-label">To</span>
          <div class="pickers">
            <button
              type="button"
              class="picker"
              aria-label={`To chain: ${toChain?.name ?? 'choose'}`}
              onClick={() => setPicker('toChain')}
            >
              {toChain && <Avatar src={toChain.logoURI} name={toChain.name} size={20} />}
              <span>{toChain?.name ?? 'Chain'}</span>
            </button>
            <button
              type="button"
              class="picker"
              aria-label={`To token: ${s.toToken?.symbol ?? 'choose'}`}
              onClick={() => setPicker('toToken')}
              disabled={!toChain}
            >
              {s.toToken && <Avatar src={s.toToken.logoURI} name={s.toToken.symbol} size={20} />}
              <span>{s.toToken?.symbol ?? 'Token'}</span>
            </button>
          </div>
          <p class="error field-help" data-testid="pair-error" role={check.errors.pair ? 'alert' : undefined}>
            {check.errors.pair ?? ''}
          </p>
          <label class="field">
            <span>Recipient</span>
            <input
              type="text"
              autoComplete="off"
              spellcheck={false}
              class="mono"
              placeholder={s.account ?? 'Your connected account'}
              value={s.recipientText}
              aria-invalid={Boolean(check.errors.recipient)}
              aria-describedby="recipient-help"
              onInput={(e) => s.setRecipientText(e.currentTarget.value)}
            />
          </label>
          <div class="field-help" id="recipient-help">
            {check.errors.recipient ? (
              <span class="error" data-testid="recipient-error">
                {check.errors.recipient}
              </span>
            ) : check.recipient && s.recipientText.trim() && check.recipient !== s.recipientText.trim() ? (
              <span class="muted small mono">{check.recipient}</span>
            ) : null}
          </div>
        </div>

        <div class="options">
          <label class="field inline">
            <span>Slippage</span>
            <select value={String(s.slippage)} onChange={(e) => s.setSlippage(Number(e.currentTarget.value))}>
              {(SLIPPAGES.includes(s.slippage) ? SLIPPAGES : [...SLIPPAGES, s.slippage].sort()).map((x) => (
                <option key={x} value={String(x)}>
                  {`${+(x * 100).toFixed(2)}%`}
                </option>
              ))}
            </select>
          </label>
          <label class="field inline">
            <span>Sort routes by</span>
            <select value={s.order} onChange={(e) => s.setOrder(e.currentTarget.value as RouteOrder)}>
              {ROUTE_ORDERS.map((o) => (
                <option key={o} value={o}>
                  {ORDER_LABELS[o]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </fieldset>

      {(picker === 'fromChain' || picker === 'toChain') && (
        <ChainPicker
          label={picker === 'fromChain' ? 'Send from chain' : 'Receive on chain'}
          chains={s.chains}
          selected={picker === 'fromChain' ? s.fromChainId : s.toChainId}
          onClose={() => setPicker(undefined)}
          onPick={(id) => {
            if (picker === 'fromChain') s.setFromChain(id);
            else s.setToChain(id);
            setPicker(undefined);
          }}
        />
      )}
      {picker === 'fromToken' && fromChain && (
        <TokenPicker
          label="Token to send"
          chain={fromChain}
          onClose={() => setPicker(undefined)}
          onPick={(token) => {
            s.setFromToken(token);
            setPicker(undefined);
          }}
        />
      )}
      {picker === 'toToken' && toChain && (
        <TokenPicker
          label="Token to receive"
          chain={toChain}
          onClose={() => setPicker(undefined)}
          onPick={(token) => {
            s.setToToken(token);
            setPicker(undefined);
          }}
        />
      )}
    </form>
  );
}
