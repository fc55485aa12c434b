import { startPageChannel } from '../src/wallet/pageChannelScript';

// Injected by the popup with scripting.executeScript({ world: 'MAIN', files: ['/page-channel.js'] }).
export default defineUnlistedScript(() => {
  startPageChannel(window);
});
