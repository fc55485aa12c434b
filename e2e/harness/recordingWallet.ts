import type { TabWallet } from '../../src/wallet/tabWallet';

export type WalletRequest = { method: string; params?: unknown[] };

/**
 * An EIP-1193 wallet for node tests of the signing flow: it answers reads with fixed values, records every request,
 * and "sends" by returning a made-up hash. Wrapped as the TabWallet the popup's WalletSession talks to, so the flow
 * under test is the popup's own code, minus the page relay.
 */
export function recordingWallet(options: { account: `0x${string}`; chainId: number; allowance?: bigint }) {
  const requests: WalletRequest[] = [];
  let allowance = options.allowance ?? 0n;
  let sent = 0;
  const answer = (method: string): unknown => {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [options.account];
      case 'eth_chainId':
        return `0x${options.chainId.toString(16)}`;
      case 'eth_call':
        return `0x${allowance.toString(16).padStart(64, '0')}`;
      case 'eth_getBalance':
        return '0x0';
      case 'eth_sendTransaction':
        sent += 1;
        return `0x${sent.toString(16).padStart(64, '0')}`;
      case 'eth_getTransactionReceipt':
        return { status: '0x1' };
      default:
        return null;
    }
  };
  const tab: TabWallet = {
    tabId: 1,
    wallets: [{ id: 'recording', name: 'Recording Wallet' }],
    async request(_walletId, method, params) {
      requests.push({ method, params });
      return answer(method);
    },
    onEvent: () => () => undefined,
    // Answers at once: there is never anything to stop waiting for.
    stopWaiting: () => undefined,
    close: () => undefined,
  };
  return {
    tab,
    requests,
    sends: () => requests.filter((r) => r.method === 'eth_sendTransaction'),
    setAllowance(value: bigint) {
      allowance = value;
    },
  };
}
