import type { TabWallet } from '../../src/wallet/tabWallet';

export type AnvilWalletRequest = { method: string; params?: unknown[] };

/**
 * A wallet for node tests of the signing flow that really sends: it forwards every request to an anvil node, whose
 * dev accounts are unlocked (eth_sendTransaction signs there), and records what it was asked. Wrapped as the
 * TabWallet the signing flow's WalletSession talks to, so the flow under test is the extension's own code minus the
 * page relay, and what it sends lands on a real chain.
 */
export function anvilTabWallet(options: { rpcUrl: string; account: `0x${string}`; chainId: number }) {
  const requests: AnvilWalletRequest[] = [];
  let id = 0;
  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
    return body.result;
  };
  const tab: TabWallet = {
    tabId: 1,
    wallets: [{ id: 'anvil', name: 'Anvil Wallet' }],
    async request(_walletId, method, params) {
      requests.push({ method, params });
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [options.account];
        case 'wallet_switchEthereumChain':
          return null;
        case 'eth_sendTransaction': {
          // The wallet's chain field is for the wallet; anvil takes the rest as given.
          const { chainId: _chainId, ...tx } = (params?.[0] ?? {}) as Record<string, unknown>;
          return rpc('eth_sendTransaction', [tx]);
        }
        default:
          return rpc(method, params ?? []);
      }
    },
    onEvent: () => () => undefined,
    stopWaiting: () => undefined,
    close: () => undefined,
  };
  return {
    tab,
    requests,
    sends: () => requests.filter((r) => r.method === 'eth_sendTransaction'),
    rpc,
  };
}
