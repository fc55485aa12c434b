import { startPageBridge } from '../src/wallet/pageBridge';

// Injected by the popup with scripting.executeScript({ world: 'MAIN', files: ['/wallet-bridge.js'] }).
export default defineUnlistedScript(() => {
  startPageBridge(window);
});
