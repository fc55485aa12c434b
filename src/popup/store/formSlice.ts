import type { StateCreator } from 'zustand/vanilla';
import { formatUnitsExact } from '../../format/amount';
import { prefillAmount } from '../../format/parseAmount';
import type { Token } from '../../schemas/catalog';
import { isNativeToken } from '../../schemas/primitives';
import { gasReserveFor, maxSendable } from '../amount';
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

    /** Replaces the destination's default token by `symbol` there, unless the person picked another meanwhile. */
    async function pickSameToken(chainId: number, symbol: string, placed: Token | undefined) {
      const found = await deps.api.searchTokens({ query: symbol, chainId, limit: 5 }).catch(() => []);
      const same = found.find((token) => token.symbol === symbol && String(token.chainId) === String(chainId));
      if (!same || get().toChainId !== chainId || get().toToken !== placed) return;
      set({ toToken: same });
      changed();
    }

    return {
      amountText: '',
      recipientText: '',
      slippage: 0.005,
      order: 'OUTPUT',
      setFromChain(chainId) {
        const chain = selectChain(get(), chainId);
        set({ fromChainId: chainId, fromToken: chain ? nativeTokenOf(chain) : undefined, balance: undefined });
        changed({ balance: true });
      },
      setToChain(chainId) {
        const chain = selectChain(get(), chainId);
        const native = chain ? nativeTokenOf(chain) : undefined;
        set({ toChainId: chainId, toToken: native });
        changed();
        // A chain outside the EVM (Solana) is where tokens are sent to, rarely its own coin: the token being sent,
        // when listed there (USDC → USDC), is the likelier pick, and one a bridge connects.
        const symbol = get().fromToken?.symbol;
        if (chain && chain.chainType !== 'EVM' && symbol) void pickSameToken(chain.id, symbol, native);
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
