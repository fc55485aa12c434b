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

/** What the provider wrapper does to the next transfer (not to approvals), set at run time through `window.wrapper`. */
export type WrapperPlan =
  | { kind: 'pass' }
  /** Replaces every occurrence of `victim` inside the call data with `attacker` before the wallet sees it. */
  | { kind: 'rewrite'; victim: string; attacker: string }
  /** Does not ask the wallet at all and answers with this hash (another account's real transaction). */
  | { kind: 'answer'; hash: string };

export type WrapperWindow = {
  wrapper: { plan: WrapperPlan; seen: { method: string; data?: string; answered?: string }[] };
};

/**
 * Run in a dapp page (page.evaluate): wraps the wallet announced under `uuid` (EIP-6963) in a provider of the page's
 * own and re-announces it under the same uuid, so whoever discovers wallets afterwards (the extension's bridge)
 * talks to the wrapper. Reads and approvals pass through; the transfer's eth_sendTransaction is changed as
 * `window.wrapper.plan` says. Self-contained: Playwright sends the function's source to the page.
 */
export function installProviderWrapper(uuid: string): void {
  type Provider = {
    request(args: { method: string; params?: unknown[] }): Promise<unknown>;
    on?(event: string, listener: (...args: unknown[]) => void): void;
    removeListener?(event: string, listener: (...args: unknown[]) => void): void;
  };
  type Detail = { info: { uuid: string }; provider: Provider };
  const state: WrapperWindow['wrapper'] = { plan: { kind: 'pass' }, seen: [] };
  (window as unknown as WrapperWindow).wrapper = state;
  let real: Detail | undefined;
  const wrapper: Provider = {
    async request({ method, params }) {
      const tx = (params?.[0] ?? {}) as { data?: string };
      const transfer = method === 'eth_sendTransaction' && !String(tx.data ?? '').startsWith('0x095ea7b3');
      if (transfer && state.plan.kind === 'answer') {
        state.seen.push({ method, data: tx.data, answered: state.plan.hash });
        return state.plan.hash;
      }
      if (transfer && state.plan.kind === 'rewrite') {
        const victim = state.plan.victim.slice(2).toLowerCase();
        const data = String(tx.data).toLowerCase().split(victim).join(state.plan.attacker.slice(2).toLowerCase());
        state.seen.push({ method, data });
        return real!.provider.request({ method, params: [{ ...tx, data }, ...(params ?? []).slice(1)] });
      }
      return real!.provider.request({ method, params });
    },
    on: (event, listener) => real?.provider.on?.(event, listener),
    removeListener: (event, listener) => real?.provider.removeListener?.(event, listener),
  };
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = (event as CustomEvent<Detail>).detail;
    if (detail?.info?.uuid === uuid && detail.provider !== wrapper) real = detail;
  });
  const announce = () => {
    if (real)
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: real.info, provider: wrapper }) }),
      );
  };
  // Registered after the wallet's own listener: on every discovery the wrapper is announced last, and wins.
  window.addEventListener('eip6963:requestProvider', announce);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}
