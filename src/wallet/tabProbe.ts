import { browser } from '#imports';
import { whyTabCannotHostWallet } from './tabSupport';

/**
 * Whether the tab can reach a wallet at all, asked without connecting: the page's URL first (browser pages, extension
 * pages, the stores), then a one-off read-only probe in the page that counts the wallets answering EIP-6963's
 * request (they announce synchronously) and a legacy `window.ethereum`. Nothing of the extension stays in the page
 * and no wallet is asked anything; the relay is injected only when the person connects. `unknown` when the page may
 * not be read (the extension has no access yet): nothing is said then.
 */
export async function probeTab(tabId: number): Promise<{ state: 'wallets' | 'none' | 'unknown'; why?: string }> {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  const why = whyTabCannotHostWallet(tab?.url);
  if (why) return { state: 'none', why };
  try {
    const [result] = await browser.scripting.executeScript({ target: { tabId }, world: 'MAIN', func: countWallets });
    return { state: typeof result?.result === 'number' && result.result > 0 ? 'wallets' : 'none' };
  } catch {
    return { state: 'unknown' };
  }
}

/** Runs in the page (MAIN world), self-contained: the number of wallets it offers. */
function countWallets(): number {
  let announced = 0;
  const count = () => {
    announced++;
  };
  window.addEventListener('eip6963:announceProvider', count);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  window.removeEventListener('eip6963:announceProvider', count);
  const legacy = (window as unknown as { ethereum?: unknown }).ethereum;
  return announced + (announced === 0 && legacy ? 1 : 0);
}
