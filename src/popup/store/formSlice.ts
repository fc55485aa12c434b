import type { StateCreator } from 'zustand/vanilla';
import { i18n } from '#i18n';
import { formatUnitsExact } from '../../format/amount';
import { prefillAmount } from '../../format/parseAmount';
import { looksLikeEnsName } from '../../lib/ensName';
import type { Token } from '../../schemas/catalog';
import { isNativeToken } from '../../schemas/primitives';
import { gasReserveFor, maxSendable } from '../amount';
import type { EnsAnswer } from '../validation';
import type { PopupDeps } from './deps';
import { nativeTokenOf, selectChain, selectSelectedRoute } from './selectors';
import type { FormSlice, PopupState } from './types';

const sameToken = (a: Token | undefined, b: Token | undefined) =>
  a && b && a.address.toLowerCase() === b.address.toLowerCase() && String(a.chainId) === String(b.chainId);

export const createFormSlice =
  (deps: PopupDeps): StateCreator<PopupState, [], [], FormSlice> =>
  (set, get) => {
    const changed = (options: { balance?: boolean } = {}) => {
      if (options.balance) void get().refreshBalance();
      get().requestRoutes();
    };

    async function findToken(chainId: number, address: string): Promise<Token | undefined> {
      const chain = selectChain(get(), chainId);
      if (chain && isNativeToken(address)) return nativeTokenOf(chain);
      try {
        return (await deps.api.getToken({ chainId, address })) ?? undefined;
      } catch {
        return undefined;
      }
    }

    /**
     * Replaces a side's default token (its chain's coin) by the token of `symbol` there, when listed, unless the
     * person picked another chain or token meanwhile: a person sending USDC who changes a chain means USDC there.
     */
    async function pickSameToken(side: 'from' | 'to', chainId: number, symbol: string, placed: Token | undefined) {
      const found = await deps.api.searchTokens({ query: symbol, chainId, limit: 5 }).catch(() => []);
      const same = found.find((token) => token.symbol === symbol && String(token.chainId) === String(chainId));
      const s = get();
      const [nowChain, nowToken] = side === 'from' ? [s.fromChainId, s.fromToken] : [s.toChainId, s.toToken];
      if (!same || nowChain !== chainId || nowToken !== placed) return;
      set(side === 'from' ? { fromToken: same, balance: undefined } : { toToken: same });
      changed({ balance: side === 'from' });
    }

    let nameTimer: ReturnType<typeof setTimeout> | undefined;
    /** The ENS name typed, looked up by the background once typing pauses; an answer for older text is dropped. */
    function followName(text: string) {
      clearTimeout(nameTimer);
      const typed = text.trim();
      const known = get().ens;
      // A name already answered is not asked again while it stays typed; a failed read is tried again.
      if (!looksLikeEnsName(typed) || (known?.typed === typed && known.answer.kind !== 'failed')) return;
      nameTimer = setTimeout(() => {
        void lookUpName(typed).then((answer) => {
          if (get().recipientText.trim() !== typed) return;
          set({ ens: { typed, answer } });
          changed();
        });
      }, deps.debounceMs ?? 300);
    }

    async function lookUpName(typed: string): Promise<EnsAnswer> {
      try {
        return await deps.api.resolveEnsName({ name: typed });
      } catch (err) {
        const message = err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : '';
        return { kind: 'failed', name: typed, message: i18n.t('popup.validation.ensUnreadable', [typed, message]) };
      }
    }

    /** The same token on another chain is looked up unless it is the chain's coin there too (ETH on an L2). */
    const keepsSymbol = (token: Token | undefined, native: Token | undefined) =>
      token && !isNativeToken(token.address) && token.symbol !== native?.symbol ? token.symbol : undefined;

    return {
      amountText: '',
      recipientText: '',
      slippage: 0.005,
      order: 'OUTPUT',
      setFromChain(chainId) {
        const chain = selectChain(get(), chainId);
        const native = chain ? nativeTokenOf(chain) : undefined;
        const symbol = keepsSymbol(get().fromToken, native);
        set({ fromChainId: chainId, fromToken: native, balance: undefined });
        changed({ balance: true });
        if (chain && symbol) void pickSameToken('from', chain.id, symbol, native);
      },
      setToChain(chainId) {
        const s = get();
        const chain = selectChain(s, chainId);
        const native = chain ? nativeTokenOf(chain) : undefined;
        // A recipient typed for another kind of chain (a Solana key, a 0x address) names no one here.
        const before = selectChain(s, s.toChainId);
        const otherKind = before && chain && before.chainType !== chain.chainType;
        set({ toChainId: chainId, toToken: native, ...(otherKind ? { recipientText: '' } : {}) });
        changed();
        // The token kept on the destination, else the one being sent (USDC → USDC, what a bridge connects; on a
        // chain outside the EVM, Solana, tokens are sent to, rarely its own coin), when listed there.
        const symbol = keepsSymbol(s.toToken, native) ?? (chain?.chainType !== 'EVM' ? s.fromToken?.symbol : undefined);
        if (chain && symbol) void pickSameToken('to', chain.id, symbol, native);
      },
      setFromToken(token) {
        if (sameToken(token, get().fromToken)) return;
        set({ fromToken: token, balance: undefined });
        changed({ balance: true });
      },
      setToToken(token) {
        set({ toToken: token });
        changed();
      },
      setAmountText(text) {
        set({ amountText: text });
        changed();
      },
      setRecipientText(text) {
        set({ recipientText: text });
        changed();
        followName(text);
      },
      async recheckRecipientName() {
        const typed = get().ens?.typed;
        return typed === undefined ? undefined : lookUpName(typed);
      },
      applyEnsAnswer(typed, answer) {
        if (get().recipientText.trim() !== typed) return;
        set({ ens: { typed, answer } });
        changed();
      },
      async loadSolanaCheck() {
        if (get().solanaCheck) return;
        const { isSolanaAddress } = await import('../../lib/solanaAddress');
        set({ solanaCheck: (text) => isSolanaAddress(text) });
        changed();
      },
      async loadEvmChecksum() {
        if (get().evmChecksum) return;
        const { evmChecksum } = await import('../evmChecksum');
        set({ evmChecksum: (address) => evmChecksum(address) });
        changed();
      },
      setSlippage(slippage) {
        set({ slippage });
        changed();
      },
      setOrder(order) {
        set({ order });
        changed();
      },
      flip() {
        const s = get();
        set({
          fromChainId: s.toChainId,
          fromToken: s.toToken,
          toChainId: s.fromChainId,
          toToken: s.fromToken,
          balance: undefined,
        });
        changed({ balance: true });
      },
      async setMax() {
        // Read at this moment: a balance from before the last transfer would fill more than is held.
        await get().refreshBalance();
        const s = get();
        if (!s.fromToken || s.balance === undefined) return;
        const route = selectSelectedRoute(s);
        const routeGas = route?.estimate.gasCosts?.reduce((sum, g) => sum + BigInt(g.amount), 0n);
        const native = isNativeToken(s.fromToken.address);
        const max = maxSendable(s.balance, native, gasReserveFor(s.fromToken.decimals, routeGas));
        set({ amountText: formatUnitsExact(max, s.fromToken.decimals) });
        changed();
      },
      async restoreForm(form) {
        // Tokens are looked up again (today's price and logo), the remembered one kept if the list lost it; a chain
        // the service no longer lists is dropped with its token.
        const side = async (chainId: number | undefined, token: Token | undefined) => {
          const chain = chainId === undefined ? undefined : selectChain(get(), chainId);
          if (!chain) return {};
          const fresh = token ? ((await findToken(chain.id, token.address)) ?? token) : undefined;
          return { chainId: chain.id, token: fresh ?? nativeTokenOf(chain) };
        };
        const [from, to] = await Promise.all([
          side(form.fromChainId, form.fromToken),
          side(form.toChainId, form.toToken),
        ]);
        set({
          ...(from.chainId !== undefined ? { fromChainId: from.chainId, fromToken: from.token } : {}),
          ...(to.chainId !== undefined ? { toChainId: to.chainId, toToken: to.token } : {}),
          amountText: form.amountText,
          recipientText: form.recipientText,
          balance: undefined,
        });
        changed({ balance: true });
        followName(form.recipientText);
      },
      async applyPrefill(prefill) {
        const updates: Partial<PopupState> = {};
        if (prefill.fromChainId !== undefined) {
          const token = prefill.fromTokenAddress
            ? await findToken(prefill.fromChainId, prefill.fromTokenAddress)
            : undefined;
          const chain = selectChain(get(), prefill.fromChainId);
          if (chain) {
            updates.fromChainId = chain.id;
            updates.fromToken = token ?? nativeTokenOf(chain);
          }
        }
        if (prefill.toChainId !== undefined) {
          const token = prefill.toTokenAddress ? await findToken(prefill.toChainId, prefill.toTokenAddress) : undefined;
          const chain = selectChain(get(), prefill.toChainId);
          if (chain) {
            updates.toChainId = chain.id;
            updates.toToken = token ?? nativeTokenOf(chain);
          }
        }
        const amount = prefill.amount === undefined ? undefined : prefillAmount(prefill.amount);
        if (amount !== undefined) updates.amountText = amount;
        set({ ...updates, balance: undefined });
        changed({ balance: true });
      },
    };
  };
