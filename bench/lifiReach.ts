import { startServer } from '../server/app';
import { startDevnet } from '../server/devnet/devnet';
import { PINNED_RPC_URLS } from '../src/chains/trustedRpc';
import { LIFI_CHECKED_BRIDGES } from '../src/checks/routers/lifi/facets';
import { LIFI_DIAMOND_CHAIN_IDS } from '../src/contracts/lifiDiamond';
import { atLeast, type BenchRow, info } from './table';

/**
 * LI.FI reach (issue 31): how many bridges and chains a person comparing routes gets, against the twin on the devnet
 * and, from the extension's own pins, against li.quest, beside what Jumper offers on the same API. Jumper's figures
 * are the measurement of its listing ("about 25 bridges on about 60 chains"), not re-fetched here: the bench
 * runs offline.
 */
const JUMPER_BRIDGES = 25;
const JUMPER_CHAINS = 60;
const JUMPER_SOURCE = "Jumper's listing of li.quest as measured in issue #31 (about 25 bridges, about 60 chains)";
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const SENDER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

type Tools = { bridges: { key: string }[] };
type Chains = { chains: { id: number; chainType: string }[] };
type Routes = { routes: { steps: { tool: string; action: { fromChainId: number; toChainId: number } }[] }[] };

async function getJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    ...(body ? { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The twin's answers for one person's search: the bridges its routes go through, its tools and its chains. */
async function twinReach() {
  const devnet = await startDevnet({ timeFactor: 0.01 });
  const service = await startServer({ devnet, dialect: 'lifi', logLevel: 'silent', rateLimit: { disabled: true } });
  try {
    const search = (bridges?: readonly string[]) =>
      getJson<Routes>(`${service.url}/v1/advanced/routes`, {
        fromChainId: 1,
        toChainId: 42161,
        fromTokenAddress: USDC_ETHEREUM,
        toTokenAddress: USDC_ARBITRUM,
        fromAmount: '250000000',
        fromAddress: SENDER,
        // As the extension asks (src/api/lifi/routes.ts): routes with a second signature on arrival included.
        options: { allowSwitchChain: true, ...(bridges ? { bridges: { allow: bridges } } : {}) },
      });
    // The bridges: a route's cross-chain step (a later step swapping on arrival names an exchange).
    const toolsOf = (answer: Routes) =>
      new Set(
        answer.routes.flatMap((route) =>
          route.steps.filter((step) => step.action.fromChainId !== step.action.toChainId).map((step) => step.tool),
        ),
      );
    const offered = toolsOf(await search());
    const tools = await getJson<Tools>(`${service.url}/v1/tools`);
    // What the extension asks (src/api/lifi/routes.ts): the bridges whose facet its guard reads, as far as the
    // service lists them (a key it does not know fails the whole request).
    const listed = new Set(tools.bridges.map((bridge) => bridge.key));
    const asked = toolsOf(await search(LIFI_CHECKED_BRIDGES.filter((key) => listed.has(key))));
    const chains = await getJson<Chains>(`${service.url}/v1/chains`);
    return { offered, asked, tools: tools.bridges.length, chains: chains.chains.length };
  } finally {
    await service.close();
    await devnet.stop();
  }
}

export async function benchLifiReach(): Promise<BenchRow[]> {
  const twin = await twinReach();
  const pinned = LIFI_DIAMOND_CHAIN_IDS.filter((id) => PINNED_RPC_URLS[id] !== undefined).length;
  return [
    atLeast(
      'lifi twin: bridges in the route list, 250 USDC Ethereum → Arbitrum',
      twin.offered.size,
      'bridges',
      10,
      `${[...twin.offered].sort().join(', ')}; Jumper: ≈${JUMPER_BRIDGES} (${JUMPER_SOURCE})`,
    ),
    atLeast(
      'lifi twin: of those, asked for by the extension (facets its guard reads)',
      twin.asked.size,
      'bridges',
      10,
      `${[...twin.asked].sort().join(', ')}; LIFI_CHECKED_BRIDGES lists ${LIFI_CHECKED_BRIDGES.length} keys`,
    ),
    info(
      'lifi twin: bridges listed by GET /v1/tools',
      twin.tools,
      'bridges',
      `the devnet's 4 EVM chains and Solana; ${twin.chains} chains listed by GET /v1/chains`,
    ),
    info(
      'extension against li.quest: bridge keys asked for',
      LIFI_CHECKED_BRIDGES.length,
      'keys',
      `LIFI_CHECKED_BRIDGES (aliases of one facet counted apart); Jumper: ≈${JUMPER_BRIDGES} bridges (${JUMPER_SOURCE})`,
    ),
    info(
      'extension against li.quest: EVM chains with a pinned diamond',
      LIFI_DIAMOND_CHAIN_IDS.length,
      'chains',
      `${pinned} of them with a pinned RPC; Jumper: ≈${JUMPER_CHAINS} chains (${JUMPER_SOURCE})`,
    ),
  ];
}
