import { describe, expect, it } from 'vitest';
import { REAL_ANSWERS } from '../../testing/lifi/real/answers';
import type { RoutesRequest } from '../schemas/requests';
import type { Route } from '../schemas/route';
import type { BackgroundDeps } from './deps';
import { fetchVerifiedRoutes } from './verifiedRoutes';

const celerCircleQuote = REAL_ANSWERS.find((a) => a.bridge === 'celercircle')!.step;

/** The real li.quest CelerCircle quote as the adapter lists it, and the request it answered. */
const { transactionRequest: _tx, ...step } = celerCircleQuote;
const route = { ...step, serviceStep: step } as unknown as Route;
const request: RoutesRequest = {
  fromChainId: 1,
  toChainId: 42161,
  fromTokenAddress: '0x0000000000000000000000000000000000000000',
  toTokenAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  fromAmount: '1000000000000000000',
  fromAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
};
const depsAnswering = (routes: Route[]) =>
  ({
    api: { getRoutes: async () => ({ routes }) },
    catalog: { tokens: { peek: () => undefined } },
  }) as unknown as Pick<BackgroundDeps, 'api' | 'catalog'>;

describe('fetchVerifiedRoutes: only routes the guard can read are listed', () => {
  it('lists the real route, and leaves out its copy crossing through a bridge the guard does not read', async () => {
    const hop = {
      ...route,
      id: 'through-hop',
      includedSteps: route.includedSteps!.map((s) => (s.type === 'cross' ? { ...s, tool: 'hop' } : s)),
    };
    const answer = await fetchVerifiedRoutes(depsAnswering([route, hop]), request);
    expect(answer.routes.map((r) => r.id)).toEqual([route.id]);
    expect(answer.unavailableRoutes?.filteredOut?.[0]?.reason).toMatch(/^UNREADABLE_ROUTE: .*hop/);
  });
});
