import {
  type Abi,
  createPublicClient,
  decodeEventLog,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  isAddress,
  type PublicClient,
} from 'viem';
import { routerAbi } from '../../src/contracts/router';
import type { SolanaDevnet } from '../devnet/solana';
import { type Html, html, page } from './html';
import { solanaPages } from './solanaPages';

export type BlockExplorerChain = {
  chainId: number;
  name: string;
  rpcUrl: string;
  nativeSymbol: string;
  nativeDecimals: number;
};
export type BlockExplorerToken = { address: string; symbol: string; name: string; decimals: number };

export type BlockExplorerOptions = {
  /** Path the explorer is mounted at; chain pages live under `${basePath}/${chainId}`. */
  basePath?: string;
  chains: readonly BlockExplorerChain[];
  tokensOf(chainId: number): readonly BlockExplorerToken[];
  /** Extra ABIs whose events the transaction page decodes (the devnet's full router ABI). */
  abis?: readonly Abi[];
  /** The devnet's Solana, shown under its chain ID (solanaPages.ts). */
  solana?: SolanaDevnet;
};

export type BlockExplorerResponse = { status: number; body: string };

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * A minimal block explorer for the devnet chains: token, transaction and address pages read straight from the
 * chains, so every explorer link the product shows works offline, and the content script's detection of catalog
 * explorers runs against real pages (`${basePath}/${chainId}/token/0x…`).
 */
export function createBlockExplorer(options: BlockExplorerOptions) {
  const basePath = options.basePath ?? '/explorer';
  const clients = new Map<number, PublicClient>();
  const abis: readonly Abi[] = [routerAbi as Abi, erc20Abi as Abi, ...(options.abis ?? [])];
  const solana = options.solana && solanaPages(options.solana, basePath);

  function client(chainId: number): PublicClient {
    let c = clients.get(chainId);
    if (!c) {
      const chain = options.chains.find((x) => x.chainId === chainId)!;
      c = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0, timeout: 5_000 }) });
      clients.set(chainId, c);
    }
    return c;
  }

  function tokenAt(chainId: number, address: string): BlockExplorerToken | undefined {
    const lower = address.toLowerCase();
    return options.tokensOf(chainId).find((t) => t.address.toLowerCase() === lower);
  }

  const link = {
    chain: (chainId: number) => `${basePath}/${chainId}`,
    token: (chainId: number, address: string) => `${basePath}/${chainId}/token/${address}`,
    address: (chainId: number, address: string) => `${basePath}/${chainId}/address/${address}`,
    tx: (chainId: number, hash: string) => `${basePath}/${chainId}/tx/${hash}`,
  };

  function addressLink(chainId: number, address: string): Html {
    const token = tokenAt(chainId, address);
    const label = token ? `${token.name} (${token.symbol})` : getAddress(address);
    return html`<a class="mono" href="${token ? link.token(chainId, address) : link.address(chainId, address)}">${label}</a>`;
  }

  function amount(chainId: number, tokenAddress: string, raw: bigint): string {
    if (tokenAddress.toLowerCase() === ZERO) {
      const chain = options.chains.find((c) => c.chainId === chainId)!;
      return `${formatUnits(raw, chain.nativeDecimals)} ${chain.nativeSymbol}`;
    }
    const token = tokenAt(chainId, tokenAddress);
    return token ? `${formatUnits(raw, token.decimals)} ${token.symbol}` : `${raw} (raw units of ${tokenAddress})`;
  }

  async function indexPage(): Promise<BlockExplorerResponse> {
    const rows = options.chains.map(
      (c) =>
        html`<tr><td><a href="${link.chain(c.chainId)}">${c.name}</a></td><td>${c.chainId}</td><td class="mono">${c.rpcUrl}</td></tr>`,
    );
    if (solana) {
      rows.push(
        html`<tr><td><a href="${link.chain(solana.chainId)}">${solana.name}</a></td><td>${solana.chainId}</td><td class="muted">in-process (litesvm)</td></tr>`,
      );
    }
    const body = html`<h1>Devnet chains</h1><table><tr><th>Chain</th><th>ID</th><th>RPC</th></tr>${rows}</table>`;
    return { status: 200, body: page('Chains', body) };
  }

  async function chainPage(chain: BlockExplorerChain): Promise<BlockExplorerResponse> {
    const c = client(chain.chainId);
    const latest = await c.getBlockNumber();
    const blocks = await Promise.all(
      Array.from({ length: Number(latest < 10n ? latest + 1n : 10n) }, (_, i) =>
        c.getBlock({ blockNumber: latest - BigInt(i), includeTransactions: true }),
      ),
    );
    const txRows = blocks.flatMap((b) =>
      b.transactions.map(
        (tx) =>
          html`<tr><td><a class="mono" href="${link.tx(chain.chainId, tx.hash)}">${tx.hash}</a></td><td>${b.number}</td><td>${addressLink(chain.chainId, tx.from)}</td><td>${tx.to ? addressLink(chain.chainId, tx.to) : 'contract creation'}</td></tr>`,
      ),
    );
    const tokenRows = options
      .tokensOf(chain.chainId)
      .map(
        (t) =>
          html`<tr><td><a href="${link.token(chain.chainId, t.address)}">${t.name} (${t.symbol})</a></td><td class="mono">${t.address}</td></tr>`,
      );
    const body = html`<h1>${chain.name}</h1><p class="muted">Chain ID ${chain.chainId} · latest block ${latest}</p>
<h2>Latest transactions</h2><table><tr><th>Hash</th><th>Block</th><th>From</th><th>To</th></tr>${txRows.length ? txRows : html`<tr><td colspan="4" class="muted">No transactions yet</td></tr>`}</table>
<h2>Tokens</h2><table><tr><th>Token</th><th>Address</th></tr>${tokenRows}</table>`;
    return { status: 200, body: page(chain.name, body, chain.name) };
  }

  async function tokenPage(chain: BlockExplorerChain, address: `0x${string}`): Promise<BlockExplorerResponse> {
    const token = tokenAt(chain.chainId, address);
    if (!token) {
      return notFound(chain, `No token at ${address} on ${chain.name}.`);
    }
    const c = client(chain.chainId);
    const [supply, code] = await Promise.all([
      c.readContract({ address, abi: erc20Abi, functionName: 'totalSupply' }).catch(() => undefined),
      c.getCode({ address }),
    ]);
    const body = html`<section class="token-header" data-chain-id="${chain.chainId}" data-token-address="${getAddress(address)}">
<h1>Token <span class="token-name">${token.name}</span> <span class="token-symbol">(${token.symbol})</span></h1></section>
<div class="card"><table>
<tr><th>Contract</th><td class="mono">${getAddress(address)}</td></tr>
<tr><th>Decimals</th><td>${token.decimals}</td></tr>
<tr><th>Total supply</th><td>${supply === undefined ? 'unavailable' : `${formatUnits(supply, token.decimals)} ${token.symbol}`}</td></tr>
<tr><th>Code</th><td>${code && code !== '0x' ? `${(code.length - 2) / 2} bytes deployed` : 'no code'}</td></tr>
</table></div>`;
    return { status: 200, body: page(`${token.name} (${token.symbol}) Token`, body, chain.name) };
  }

  async function addressPage(chain: BlockExplorerChain, address: `0x${string}`): Promise<BlockExplorerResponse> {
    const c = client(chain.chainId);
    const tokens = options.tokensOf(chain.chainId).filter((t) => t.address.toLowerCase() !== ZERO);
    const [native, balances, code] = await Promise.all([
      c.getBalance({ address }),
      Promise.all(
        tokens.map((t) =>
          c
            .readContract({
              address: t.address as `0x${string}`,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [address],
            })
            .catch(() => 0n),
        ),
      ),
      c.getCode({ address }),
    ]);
    const token = tokenAt(chain.chainId, address);
    const rows = tokens
      .map((t, i) => ({ t, balance: balances[i] ?? 0n }))
      .filter((x) => x.balance > 0n)
      .map(
        (x) =>
          html`<tr><td>${addressLink(chain.chainId, x.t.address)}</td><td>${formatUnits(x.balance, x.t.decimals)} ${x.t.symbol}</td></tr>`,
      );
    const body = html`<h1>${code && code !== '0x' ? 'Contract' : 'Address'} <span class="mono">${getAddress(address)}</span></h1>
${token ? html`<p>Token tracker: <a href="${link.token(chain.chainId, address)}">${token.name} (${token.symbol})</a></p>` : ''}
<div class="card"><table><tr><th>${chain.nativeSymbol} balance</th><td>${formatUnits(native, chain.nativeDecimals)} ${chain.nativeSymbol}</td></tr></table></div>
<h2>Token holdings</h2><table><tr><th>Token</th><th>Balance</th></tr>${rows.length ? rows : html`<tr><td colspan="2" class="muted">None</td></tr>`}</table>`;
    return { status: 200, body: page(`Address ${address}`, body, chain.name) };
  }

  async function txPage(chain: BlockExplorerChain, hash: `0x${string}`): Promise<BlockExplorerResponse> {
    const c = client(chain.chainId);
    const tx = await c.getTransaction({ hash }).catch(() => undefined);
    if (!tx) return notFound(chain, `Transaction ${hash} is not on ${chain.name}.`);
    const receipt = await c.getTransactionReceipt({ hash }).catch(() => undefined);
    const events = (receipt?.logs ?? []).map((log) => {
      for (const abi of abis) {
        try {
          const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics });
          if (decoded.eventName === 'Transfer') {
            const args = decoded.args as unknown as { from: string; to: string; value: bigint };
            return html`<tr><td>Transfer</td><td>${amount(chain.chainId, log.address, args.value)} from ${addressLink(chain.chainId, args.from)} to ${addressLink(chain.chainId, args.to)}</td></tr>`;
          }
          return html`<tr><td>${decoded.eventName}</td><td class="mono">${JSON.stringify(decoded.args, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}</td></tr>`;
        } catch {
          // Not this ABI's event; try the next one.
        }
      }
      return html`<tr><td>Log</td><td class="mono">${log.address} ${log.topics[0] ?? ''}</td></tr>`;
    });
    const status = !receipt
      ? html`<span class="muted">Pending</span>`
      : receipt.status === 'success'
        ? html`<span class="ok">Success</span>`
        : html`<span class="bad">Reverted</span>`;
    const body = html`<h1>Transaction details</h1><div class="card"><table>
<tr><th>Hash</th><td class="mono">${hash}</td></tr>
<tr><th>Status</th><td data-testid="tx-status">${status}</td></tr>
<tr><th>Block</th><td>${tx.blockNumber ?? 'pending'}</td></tr>
<tr><th>From</th><td>${addressLink(chain.chainId, tx.from)}</td></tr>
<tr><th>To</th><td>${tx.to ? addressLink(chain.chainId, tx.to) : 'contract creation'}</td></tr>
<tr><th>Value</th><td>${formatUnits(tx.value, chain.nativeDecimals)} ${chain.nativeSymbol}</td></tr>
<tr><th>Gas used</th><td>${receipt?.gasUsed ?? ''}</td></tr>
</table></div><h2>Events</h2><table>${events.length ? events : html`<tr><td class="muted">No events</td></tr>`}</table>`;
    return { status: 200, body: page(`Transaction ${hash}`, body, chain.name) };
  }

  function notFound(chain: BlockExplorerChain | undefined, message: string): BlockExplorerResponse {
    return { status: 404, body: page('Not found', html`<h1>Not found</h1><p>${message}</p>`, chain?.name) };
  }

  function badRequest(chain: BlockExplorerChain, message: string): BlockExplorerResponse {
    return { status: 400, body: page('Invalid request', html`<h1>Invalid request</h1><p>${message}</p>`, chain.name) };
  }

  return {
    basePath,
    link,
    /** Explorer base URL of one chain for the wallet configuration's `blockExplorerUrls`. */
    chainUrl: (origin: string, chainId: number) => `${origin}${link.chain(chainId)}`,
    /** Renders the page for a path under basePath; undefined when the path is not the explorer's. */
    async handle(pathname: string): Promise<BlockExplorerResponse | undefined> {
      if (pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return undefined;
      const parts = pathname.slice(basePath.length).split('/').filter(Boolean);
      if (parts.length === 0) return indexPage();
      if (solana && parts[0] === String(solana.chainId)) return await solana.handle(parts[1], parts[2]);
      const chain = options.chains.find((c) => String(c.chainId) === parts[0]);
      if (!chain) return notFound(undefined, `No devnet chain with ID ${parts[0]}.`);
      const [, kind, id] = parts;
      try {
        if (!kind) return await chainPage(chain);
        if ((kind === 'token' || kind === 'address') && id !== undefined) {
          if (!isAddress(id, { strict: false })) return badRequest(chain, `${id} is not an address.`);
          return kind === 'token' ? await tokenPage(chain, id) : await addressPage(chain, id);
        }
        if (kind === 'tx' && id !== undefined) {
          if (!/^0x[0-9a-fA-F]{64}$/.test(id)) return badRequest(chain, `${id} is not a transaction hash.`);
          return await txPage(chain, id as `0x${string}`);
        }
        return notFound(chain, 'No such page.');
      } catch {
        return {
          status: 502,
          body: page(
            'Chain unavailable',
            html`<h1>Chain unavailable</h1><p>${chain.name}'s node did not answer.</p>`,
            chain.name,
          ),
        };
      }
    },
  };
}

export type BlockExplorer = ReturnType<typeof createBlockExplorer>;
