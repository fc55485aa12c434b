import { formatUnits } from 'viem';
import { isSolanaAddress } from '../../src/lib/solanaAddress';
import { SOLANA_CHAIN_ID } from '../catalog/chainData';
import type { SolanaDevnet } from '../devnet/solana';
import { type Html, html, page } from './html';

type Response = { status: number; body: string };

const LAMPORTS_DECIMALS = 9;
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

/**
 * The devnet explorer's Solana pages, read from the in-process Solana VM: the chain (its SPL mints and the latest
 * bridge deliveries), an account (SOL and SPL balances, deliveries received) and a delivery transaction (receiver,
 * mint, amount, the program logs). Status legs and the extension link here, as they do to the EVM pages.
 */
export function solanaPages(solana: SolanaDevnet, basePath: string) {
  const name = 'Solana';
  const root = `${basePath}/${SOLANA_CHAIN_ID}`;
  const link = {
    address: (address: string) => `${root}/address/${address}`,
    tx: (signature: string) => `${root}/tx/${signature}`,
  };
  const accountLink = (address: string): Html => html`<a class="mono" href="${link.address(address)}">${address}</a>`;
  const amountOf = (mint: string, raw: bigint) => {
    const token = solana.tokenOf(mint);
    return token ? `${formatUnits(raw, token.decimals)} ${token.symbol}` : `${raw} (mint ${mint})`;
  };
  const deliveryRows = (deliveries: ReturnType<SolanaDevnet['deliveriesTo']>) =>
    deliveries.length
      ? deliveries.map(
          (d) =>
            html`<tr><td><a class="mono" href="${link.tx(d.signature)}">${d.signature.slice(0, 20)}…</a></td><td>${accountLink(d.receiver)}</td><td>${amountOf(d.mint, d.amount)}</td></tr>`,
        )
      : html`<tr><td colspan="3" class="muted">No deliveries yet</td></tr>`;

  function chainPage(): Response {
    const tokens = solana.tokens.map(
      (t) => html`<tr><td>${t.name} (${t.symbol})</td><td>${accountLink(t.address)}</td><td>${t.decimals}</td></tr>`,
    );
    const body = html`<h1>Solana</h1><p class="muted">In-process Solana VM (litesvm) · chain ID ${SOLANA_CHAIN_ID} · relayer ${accountLink(solana.relayer.address)}</p>
<h2>Latest bridge deliveries</h2><table><tr><th>Signature</th><th>Receiver</th><th>Amount</th></tr>${deliveryRows(solana.recentDeliveries(10))}</table>
<h2>SPL mints</h2><table><tr><th>Token</th><th>Mint</th><th>Decimals</th></tr>${tokens}</table>`;
    return { status: 200, body: page(name, body, name) };
  }

  async function addressPage(address: string): Promise<Response> {
    const holdings = await Promise.all(
      solana.tokens.map(async (t) => ({ t, balance: await solana.tokenBalance(address, t.address) })),
    );
    const rows = holdings
      .filter((h) => h.balance > 0n)
      .map((h) => html`<tr><td>${h.t.name} (${h.t.symbol})</td><td>${formatUnits(h.balance, h.t.decimals)}</td></tr>`);
    const mint = solana.tokenOf(address);
    const body = html`<h1>Account <span class="mono">${address}</span></h1>
${mint ? html`<p>SPL mint of ${mint.name} (${mint.symbol}), ${mint.decimals} decimals</p>` : ''}
<div class="card"><table><tr><th>SOL balance</th><td data-testid="sol-balance">${formatUnits(solana.solBalance(address), LAMPORTS_DECIMALS)} SOL</td></tr></table></div>
<h2>Token holdings</h2><table data-testid="spl-holdings"><tr><th>Token</th><th>Balance</th></tr>${rows.length ? rows : html`<tr><td colspan="2" class="muted">None</td></tr>`}</table>
<h2>Bridge deliveries received</h2><table><tr><th>Signature</th><th>Receiver</th><th>Amount</th></tr>${deliveryRows(solana.deliveriesTo(address))}</table>`;
    return { status: 200, body: page(`Account ${address}`, body, name) };
  }

  function txPage(signature: string): Response {
    const delivery = solana.deliveryBySignature(signature);
    if (!delivery) return notFound(`Transaction ${signature} is not a delivery on the devnet's Solana.`);
    const logs = solana.transactionLogs(signature);
    const body = html`<h1>Transaction details</h1><div class="card"><table>
<tr><th>Signature</th><td class="mono">${signature}</td></tr>
<tr><th>Status</th><td data-testid="tx-status"><span class="ok">Success</span></td></tr>
<tr><th>Receiver</th><td>${accountLink(delivery.receiver)}</td></tr>
<tr><th>Amount</th><td>${amountOf(delivery.mint, delivery.amount)}</td></tr>
<tr><th>Paid by</th><td>${accountLink(solana.relayer.address)} (bridge relayer)</td></tr>
<tr><th>Source deposit</th><td class="mono">${delivery.depositId}</td></tr>
<tr><th>Time</th><td>${new Date(delivery.timestamp * 1000).toISOString()}</td></tr>
</table></div><h2>Program logs</h2><table>${logs.map((line) => html`<tr><td class="mono">${line}</td></tr>`)}</table>`;
    return { status: 200, body: page(`Transaction ${signature}`, body, name) };
  }

  function notFound(message: string): Response {
    return { status: 404, body: page('Not found', html`<h1>Not found</h1><p>${message}</p>`, name) };
  }

  function badRequest(message: string): Response {
    return { status: 400, body: page('Invalid request', html`<h1>Invalid request</h1><p>${message}</p>`, name) };
  }

  return {
    chainId: SOLANA_CHAIN_ID,
    name,
    /** The page of `[kind, id]` under the Solana root. */
    async handle(kind: string | undefined, id: string | undefined): Promise<Response> {
      if (!kind) return chainPage();
      if ((kind === 'address' || kind === 'token') && id !== undefined) {
        if (!isSolanaAddress(id)) return badRequest(`${id} is not a Solana address.`);
        return addressPage(id);
      }
      if (kind === 'tx' && id !== undefined) {
        if (!SIGNATURE.test(id)) return badRequest(`${id} is not a Solana transaction signature.`);
        return txPage(id);
      }
      return notFound('No such page.');
    },
  };
}
