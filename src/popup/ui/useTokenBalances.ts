import { useEffect, useState } from 'preact/hooks';
import type { Token } from '../../schemas/catalog';
import type { PopupApi } from '../api';

/** Rows whose balance is read per search answer: the first screens of results, in one batched request. */
export const BALANCE_ROWS = 60;

/**
 * The connected account's balances for the tokens listed, read by the background through the chain's trusted RPC
 * (never the page's wallet, which may be on another chain). Keyed by lower-case address; an unread balance is absent.
 */
export function useTokenBalances(
  api: PopupApi,
  chainId: number,
  account: `0x${string}` | undefined,
  tokens: Token[],
): Map<string, bigint> {
  const [balances, setBalances] = useState(new Map<string, bigint>());
  const addresses = tokens
    .slice(0, BALANCE_ROWS)
    .map((t) => t.address.toLowerCase())
    .filter((a): a is `0x${string}` => /^0x[0-9a-f]{40}$/.test(a));
  const key = `${chainId}:${account}:${addresses.join(',')}`;
  useEffect(() => {
    if (!account || addresses.length === 0) return;
    let current = true;
    api
      .getBalances({ chainId, owner: account, tokens: addresses })
      .then(({ balances: read }) => {
        if (!current) return;
        setBalances((before) => {
          const next = new Map(before);
          for (const [address, amount] of Object.entries(read)) next.set(address, BigInt(amount));
          return next;
        });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // The key names the request: one read per chain, account and list of addresses.
  }, [api, key]);
  return balances;
}
