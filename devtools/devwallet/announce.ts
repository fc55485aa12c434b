import type { DevWalletProvider } from './devWallet';

export const DEV_WALLET_INFO = {
  uuid: '5d1f9a3e-2c4b-4f0e-9a51-0c0de0000001',
  name: 'Dev Wallet',
  rdns: 'dev.bridge-companion.wallet',
  icon: `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2f5bea"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif">D</text></svg>',
  )}`,
} as const;

/** EIP-6963: announce now and whenever a dapp asks. Returns a function that stops answering. */
export function announceDevWallet(
  win: Window,
  provider: DevWalletProvider,
  info: { uuid: string; name: string; rdns: string; icon: string } = DEV_WALLET_INFO,
): () => void {
  const detail = Object.freeze({ info, provider });
  const announce = () => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  win.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => win.removeEventListener('eip6963:requestProvider', announce);
}
