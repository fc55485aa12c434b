import type { PopupMemory } from '../storage/popupMemory';
import type { PopupStore } from './store/createPopupStore';
import type { PopupState } from './store/types';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isText = (x: unknown, max: number): x is string => typeof x === 'string' && x.length <= max;
const isChainId = (x: unknown) => x === undefined || (Number.isInteger(x) && (x as number) > 0);
/** The token fields the form uses; the rest is looked up again on restoring. */
const isToken = (x: unknown) =>
  x === undefined ||
  (isObject(x) &&
    isText(x.address, 100) &&
    (typeof x.chainId === 'number' || typeof x.chainId === 'string') &&
    isText(x.symbol, 100) &&
    isText(x.name, 200) &&
    Number.isInteger(x.decimals) &&
    (x.decimals as number) >= 0 &&
    (x.decimals as number) <= 255);

/**
 * Stored by an earlier popup, yet read as untrusted: a malformed memory is forgotten whole, never half-applied.
 * Checked by hand rather than with the catalog's valibot schemas, which would cost the popup's first paint several
 * KB of the 40 KB budget for these few fields.
 */
export function readMemory(raw: unknown): PopupMemory {
  if (!isObject(raw)) return {};
  const { form, wallet } = raw;
  const formOk =
    form === undefined ||
    (isObject(form) &&
      isChainId(form.fromChainId) &&
      isChainId(form.toChainId) &&
      isToken(form.fromToken) &&
      isToken(form.toToken) &&
      isText(form.amountText, 100) &&
      isText(form.recipientText, 200));
  const walletOk =
    wallet === undefined ||
    (isObject(wallet) && isText(wallet.name, 100) && (wallet.rdns === undefined || isText(wallet.rdns, 200)));
  return formOk && walletOk ? (raw as PopupMemory) : {};
}

const formOf = (s: PopupState): PopupMemory['form'] => ({
  fromChainId: s.fromChainId,
  fromToken: s.fromToken,
  toChainId: s.toChainId,
  toToken: s.toToken,
  amountText: s.amountText,
  recipientText: s.recipientText,
});

const walletOf = (s: PopupState): PopupMemory['wallet'] =>
  s.walletStatus === 'connected' && s.walletName !== undefined ? { rdns: s.walletRdns, name: s.walletName } : undefined;

/**
 * Keeps the memory in step with the store once `ready` (after the remembered form was applied, so the defaults
 * chosen while loading never overwrite it): the form on each change, debounced; the wallet when it connects, and
 * forgotten when it disconnects.
 */
export function rememberPopup(
  store: PopupStore,
  save: (memory: PopupMemory) => void,
  options: { debounceMs?: number; wallet?: PopupMemory['wallet']; writeNow?: boolean } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The wallet remembered before this opening stays remembered until another connects or this one disconnects.
  let wallet = walletOf(store.getState()) ?? options.wallet;
  const write = () => save({ form: formOf(store.getState()), ...(wallet ? { wallet } : {}) });
  // A transfer handed over by the explorer card is kept at once: the popup may close before anything changes (the
  // person goes to the tab with the wallet, and finds it filled in there).
  if (options.writeNow) write();
  const unsubscribe = store.subscribe((s, previous) => {
    const formChanged =
      s.fromChainId !== previous.fromChainId ||
      s.fromToken !== previous.fromToken ||
      s.toChainId !== previous.toChainId ||
      s.toToken !== previous.toToken ||
      s.amountText !== previous.amountText ||
      s.recipientText !== previous.recipientText;
    const walletChanged = s.walletStatus !== previous.walletStatus || s.walletName !== previous.walletName;
    if (walletChanged) {
      // Connecting or connected to another: remember it; the person disconnected (idle after connected): forget it.
      if (s.walletStatus === 'connected') wallet = walletOf(s);
      else if (s.walletStatus === 'idle' && previous.walletStatus === 'connected') wallet = undefined;
    }
    if (!formChanged && !walletChanged) return;
    // A send clears the amount (executionSlice.ts): kept at once, since the popup often closes right after.
    const sendStarted = previous.stage === 'idle' && s.stage !== 'idle';
    clearTimeout(timer);
    timer = setTimeout(write, walletChanged || sendStarted ? 0 : (options.debounceMs ?? 250));
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
