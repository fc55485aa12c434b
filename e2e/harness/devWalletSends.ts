import type { Page } from 'playwright';

type DevWalletWindow = { devWallet: { requests: { method: string }[] } };

/**
 * How many transactions the Dev Wallet on the dapp page has been asked to send (`eth_sendTransaction`) since the page
 * loaded, whether it sent them or not: a test takes the count before an action and compares after, to prove the
 * extension asked the wallet nothing (a refusal) or exactly what it should.
 */
export function devWalletSends(dappPage: Page): Promise<number> {
  return dappPage.evaluate(
    () =>
      (window as unknown as DevWalletWindow).devWallet.requests.filter((r) => r.method === 'eth_sendTransaction')
        .length,
  );
}
