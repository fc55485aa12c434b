import { startWalletRelay } from '../../src/wallet/relay';

// Injected on demand by the popup (scripting.executeScript) into the tab whose wallet is used; never declared
// in the manifest, so it runs on no page by itself.
export default defineContentScript({
  registration: 'runtime',
  main() {
    startWalletRelay(window);
  },
});
