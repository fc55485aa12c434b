import * as v from 'valibot';
import { TokenSchema } from '../schemas/catalog';
import type { PopupMemory } from '../storage/popupMemory';
import type { PopupStore } from './store/createPopupStore';
import type { PopupState } from './store/types';

/** Stored by an earlier popup, yet read as untrusted: a malformed memory is forgotten, never half-applied. */
const MemorySchema = v.object({
  form: v.optional(
    v.object({
      fromChainId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      fromToken: v.optional(TokenSchema),
      toChainId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      toToken: v.optional(TokenSchema),
      amountText: v.pipe(v.string(), v.maxLength(100)),
      recipientText: v.pipe(v.string(), v.maxLength(200)),
    }),
  ),
  wallet: v.optional(
    v.object({ rdns: v.optional(v.pipe(v.string(), v.maxLength(200))), name: v.pipe(v.string(), v.maxLength(100)) }),
  ),
});

export function readMemory(raw: unknown): PopupMemory {
  const parsed = v.safeParse(MemorySchema, raw);
  return parsed.success ? parsed.output : {};
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
  options: { debounceMs?: number; wallet?: PopupMemory['wallet'] } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The wallet remembered before this opening stays remembered until another connects or this one disconnects.
  let wallet = walletOf(store.getState()) ?? options.wallet;
  const write = () => save({ form: formOf(store.getState()), ...(wallet ? { wallet } : {}) });
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
    clearTimeout(timer);
    timer = setTimeout(write, walletChanged ? 0 : (options.debounceMs ?? 250));
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
