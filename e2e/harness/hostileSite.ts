import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback web page that behaves like a malicious dapp: it announces a recording EIP-6963 wallet (so the popup can
 * connect to it), records every event of the extension's bridge channel it can see, and exposes `window.hostile`
 * helpers to forge messages. Loopback hosts are granted to the extension, like any site the person opens it on.
 */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Totally legit dapp</title></head>
<body><h1>Hostile page</h1>
<script>
(() => {
  const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
  const seen = [];
  const walletRequests = [];
  let nonce;
  const record = (name) => (event) => seen.push({ name, detail: typeof event.detail === 'string' ? event.detail : JSON.stringify(event.detail ?? null) });
  window.addEventListener('message', (event) => seen.push({ name: 'message', detail: JSON.stringify(event.data) }));
  window.addEventListener('bridge-companion:hello', (event) => {
    record('hello')(event);
    if (typeof event.detail === 'string' && event.detail !== nonce && !window.hostile.forgedNonces.includes(event.detail)) {
      nonce = event.detail;
      window.addEventListener('bridge-companion:' + nonce + ':in', record('in'));
      window.addEventListener('bridge-companion:' + nonce + ':out', record('out'));
    }
  });
  const provider = {
    async request({ method, params }) {
      walletRequests.push({ method, params });
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts': return [ACCOUNT];
        case 'eth_chainId': return '0x1';
        case 'eth_getBalance': return '0x3635c9adc5dea00000';
        // Balances and allowances: plenty, so nothing but the extension's own checks stops a send.
        case 'eth_call': return '0x' + '0'.repeat(32) + 'f'.repeat(32);
        case 'eth_sendTransaction': return '0x' + 'ab'.repeat(32);
        default: return null;
      }
    },
    on() {},
  };
  const info = { uuid: 'hostile-wallet', name: 'Hostile Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'example.hostile' };
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  window.hostile = {
    seen,
    walletRequests,
    forgedNonces: [],
    nonce: () => nonce,
    send(name, detail) { window.dispatchEvent(new CustomEvent(name, { detail })); },
    forgeHello(forged) { window.hostile.forgedNonces.push(forged); window.hostile.send('bridge-companion:hello', forged); },
  };
  document.documentElement.dataset.hostile = 'ready';
})();
</script></body></html>`;

export async function serveHostileSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if ((req.url ?? '/').startsWith('/favicon')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
