import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { makeRoute } from '../../testing/popup/fixtures';
import { catalogMessage } from '../i18n/catalog';
import type { Route } from '../schemas/route';
import { routeFeeShares } from './routeFees';
import { summarizeRoute } from './routeSummary';

/** A real li.quest quote (testing/lifi/real/) as a route: its fee items and included steps as li.quest sent them. */
function realRoute(file: string): Route {
  const quote = JSON.parse(readFileSync(new URL(`../../testing/lifi/real/${file}`, import.meta.url), 'utf8'));
  return {
    ...makeRoute(),
    tool: quote.tool,
    toolDetails: quote.toolDetails,
    estimate: quote.estimate,
    includedSteps: quote.includedSteps,
  } as Route;
}

const english = fakeBrowser.i18n.getMessage;
/** The popup in German from here on: the German catalog served as the English one is (testing/i18n.ts). */
async function inGerman(): Promise<void> {
  const path = fileURLToPath(new URL('../../locales/de.yml', import.meta.url));
  const catalog = generateChromeMessages(await parseMessagesFile(path));
  Object.assign(fakeBrowser.i18n, {
    getMessage: (name: string, substitutions?: string | string[]) => catalogMessage(catalog, name, substitutions),
  });
}
afterEach(() => {
  Object.assign(fakeBrowser.i18n, { getMessage: english });
});

const labels = (route: Route) => routeFeeShares(route).map((share) => [share.party, share.label]);

describe('routeFeeShares: fee names from li.quest in our words', () => {
  it('names Across’ two fees by what they pay for and the bridge that charges them', async () => {
    const route = realRoute('quote-acrossv4-eth-1-to-eth-4663.json');
    expect(labels(route)).toEqual([
      ['tool', "AcrossV4's relayer fee"],
      ['tool', 'Gas on the destination chain, via AcrossV4'],
    ]);
    await inGerman();
    expect(labels(route)).toEqual([
      ['tool', 'Gebühr des Relayers von AcrossV4'],
      ['tool', 'Gas auf der Ziel-Chain, über AcrossV4'],
    ]);
  });

  it('gives LI.FI’s fee to LI.FI, Celer’s "Transaction Fee" its meaning, and says LI.FI’s fee step as fees', async () => {
    const route = realRoute('quote-celercircle-eth-1-to-usdc-42161.json');
    expect(labels(route)).toEqual([
      ['lifi', 'LI.FI (routing service)'],
      ['tool', 'Gas on the destination chain, via CCTP + Celer (Standard)'],
    ]);
    expect(summarizeRoute(route).steps[0]).toMatch(/^Fees to LI\.FI and the integrator: 1 ETH → /);
    await inGerman();
    expect(labels(route)).toEqual([
      ['lifi', 'LI.FI (Routing-Dienst)'],
      ['tool', 'Gas auf der Ziel-Chain, über CCTP + Celer (Standard)'],
    ]);
    expect(summarizeRoute(route).steps[0]).toMatch(/^Gebühren an LI\.FI und den Integrator: 1 ETH → /);
  });

  it('quotes a name it cannot classify as the service’s word, beside the tool that charges it', async () => {
    const route = makeRoute();
    route.toolDetails = { key: 'squid', name: 'Squid' };
    const token = { address: route.action!.fromToken.address, chainId: '1', symbol: 'USDC', decimals: 6 };
    route.estimate.feeCosts = [{ name: 'Boost fee', amount: '1000', amountUSD: '0.001', included: true, token }];
    expect(labels(route)).toEqual([['tool', "Squid's fee, called “Boost fee” by the service"]]);
    await inGerman();
    expect(labels(route)).toEqual([['tool', 'Gebühr von Squid, vom Dienst „Boost fee“ genannt']]);
  });
});
