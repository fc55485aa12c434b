import { loadWithFakeBrowser } from './fakeBrowserModule';
import { atLeast, atMost, type BenchRow, info } from './table';

/**
 * Living within LI.FI's real limits (issue 32): a keyless two-hour session and the same with a key at LI.FI's default
 * rate, against the twin's real limiter in simulated time (bench/lifiLimitsScenario.ts). Loaded through Vite with
 * WXT's test plugins, as bench/background.ts loads its scenarios, since the background imports WXT's virtual modules.
 */
type Scenario = typeof import('./lifiLimitsScenario');
type Session = import('./lifiLimitsScenario').LimitsSession;

async function loadScenario() {
  const { module: scenario, server } = await loadWithFakeBrowser<Scenario>('/bench/lifiLimitsScenario.ts');
  return { scenario, server };
}

function rowsFor(s: Session): BenchRow[] {
  const name = `lifi limits, ${s.keyed ? 'default key' : 'keyless'} 2 h`;
  const perView = s.cardSearches / s.pageViews;
  const perTransfer = Math.max(...s.searchesPerTransfer);
  const left = s.left ? `at least ${s.left.remaining} of ${s.left.limit} route searches left` : 'no figures';
  return [
    atLeast(
      `${name}: transfers that got routes and a step transaction`,
      s.transfersServed,
      'transfers',
      s.transfers,
      `of ${s.transfers}; ${s.routeSearches} route searches and ${s.stepTransactions} step transactions in all; ${left}`,
    ),
    atMost(
      `${name}: 429s or failed searches shown in the popup`,
      s.popupFailures,
      'searches',
      0,
      `${s.popupOpens} openings; ${s.refreshesHeld} automatic refreshes not sent (few left); ${s.rateLimited} answers 429 in all`,
    ),
    atMost(
      `${name}: route searches per token page view`,
      perView,
      'searches',
      1,
      `${s.cardSearches} searches for ${s.pageViews} views in 4 tabs; ${s.cardFromCache} from the shared quotes, ${s.cardPaused} paused`,
    ),
    atMost(
      `${name}: route searches per transfer`,
      perTransfer,
      'searches',
      4,
      `the person's search and the refreshes of its 90 s popup session: ${s.searchesPerTransfer.join(', ')}`,
    ),
  ];
}

/** Both sessions' rows; for bench/run.ts's sections. */
export async function benchLifiLimits(): Promise<BenchRow[]> {
  const { scenario, server } = await loadScenario();
  try {
    const keyless = await scenario.lifiLimitsSession(false);
    const keyed = await scenario.lifiLimitsSession(true);
    return [
      ...rowsFor(keyless),
      ...rowsFor(keyed),
      info(
        'lifi limits: 429 answers over both sessions',
        keyless.rateLimited + keyed.rateLimited,
        'answers',
        'to any request, card and status included',
      ),
    ];
  } finally {
    await server.close();
  }
}

// `npx tsx bench/lifiLimits.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./table');
  printTable(await benchLifiLimits());
}
