import { describe, expect, it } from 'vitest';
import { lifiChainsBody } from '../../../testing/lifi/recorded/catalog';
import { useScriptedServer } from '../../../testing/useScriptedServer';
import { LIFI_DIAMOND_ADDRESS, PERMIT2_CANONICAL_ADDRESS } from '../../contracts/lifiDiamond';
import { explainNoRoutes } from '../../popup/noRoutes';
import type { LifiChain } from '../../schemas/lifi/catalog';
import { routingActions } from '../adapters';
import { createRoutingClient } from '../client';
import { lifiListingConflict } from './catalog';

/**
 * The chain listing against the addresses pinned from LI.FI's published deployments: a listing may leave each out,
 * never name another. Served over loopback and read through the client, as li.quest would be.
 */
const server = useScriptedServer();
const lifi = routingActions('lifi');
const client = () => createRoutingClient({ baseUrl: server.current.url, dialect: 'lifi', retry: { attempts: 1 } });
const OTHER = '0x000000000000000000000000000000000000dEaD';
const ZKSYNC_DIAMOND = '0x341e94069f53234fE6DabeF707aD424830525715';
const PERMIT2_PROXY = '0x89c6340B1a1f4b25D36cd8B063D49045caF3f818';

const ethereum = () => lifiChainsBody().chains[0] as unknown as LifiChain;
const routesParams = {
  fromChainId: 1,
  toChainId: 42161,
  fromTokenAddress: '0x0000000000000000000000000000000000000000',
  toTokenAddress: '0x0000000000000000000000000000000000000000',
  fromAmount: 10n ** 18n,
};

describe('lifiListingConflict', () => {
  it('accepts the pinned addresses, in any case, and a listing that leaves them out', () => {
    expect(lifiListingConflict(ethereum())).toBeUndefined();
    const { diamondAddress: _, ...withoutDiamond } = ethereum();
    expect(lifiListingConflict(withoutDiamond as LifiChain)).toBeUndefined();
    expect(
      lifiListingConflict({
        ...ethereum(),
        diamondAddress: LIFI_DIAMOND_ADDRESS.toLowerCase(),
        permit2: PERMIT2_CANONICAL_ADDRESS,
        permit2Proxy: PERMIT2_PROXY.toLowerCase(),
      }),
    ).toBeUndefined();
  });

  it('refuses, in words naming both addresses, a listing that names another diamond, Permit2 or Permit2Proxy', () => {
    expect(lifiListingConflict({ ...ethereum(), diamondAddress: OTHER })).toBe(
      `Ethereum is refused: LI.FI's chain listing names ${OTHER} as its diamond there, but LI.FI's published deployments put it at ${LIFI_DIAMOND_ADDRESS}. The extension signs only for the published contract, so a listing that names another is not followed.`,
    );
    expect(lifiListingConflict({ ...ethereum(), permit2: OTHER })).toContain('as its Permit2 there');
    expect(lifiListingConflict({ ...ethereum(), permit2Proxy: OTHER })).toContain('as its Permit2Proxy there');
    // zkSync's diamond is not 0x1231…: the address everywhere else is a conflict there.
    const zksync = { ...ethereum(), id: 324, name: 'zkSync' };
    expect(lifiListingConflict({ ...zksync, diamondAddress: ZKSYNC_DIAMOND })).toBeUndefined();
    expect(lifiListingConflict({ ...zksync, diamondAddress: LIFI_DIAMOND_ADDRESS })).toContain(ZKSYNC_DIAMOND);
  });
});

describe('routes against the listing', () => {
  it('asks li.quest nothing for a chain whose listing names another diamond, and says why', async () => {
    const body = lifiChainsBody();
    (body.chains[1] as Record<string, unknown>).diamondAddress = OTHER;
    server.current.script('GET /v1/chains', { body });
    const chains = await lifi.getChains(client());
    // Still listed (the person can pick it and read why nothing is offered), with the listing's own address.
    expect(chains.map((chain) => chain.id)).toEqual([1, 42161]);
    const answer = await lifi.getRoutes(client(), routesParams);
    expect(answer.routes).toEqual([]);
    expect(server.current.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(explainNoRoutes(answer.unavailableRoutes)).toMatch(
      /^Arbitrum is refused: LI.FI's chain listing names 0x0+dEaD/,
    );

    // The next listing agrees again: the chain is asked for.
    server.current.script('GET /v1/chains', { body: lifiChainsBody() });
    server.current.script('POST /v1/advanced/routes', { body: { routes: [] } });
    await lifi.getChains(client());
    await lifi.getRoutes(client(), routesParams);
    expect(server.current.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('asks nothing from an EVM chain where LI.FI publishes no diamond, and asks from one with its own', async () => {
    server.current.script('POST /v1/advanced/routes', { body: { routes: [] } });
    const fantom = await lifi.getRoutes(client(), { ...routesParams, fromChainId: 250 });
    expect(explainNoRoutes(fantom.unavailableRoutes)).toBe(
      'LI.FI publishes no contract of its own on chain 250, so nothing sent from there could be checked before your wallet signs.',
    );
    // To Fantom is asked: a one-step bridge signs on the source chain only.
    await lifi.getRoutes(client(), { ...routesParams, toChainId: 250 });
    await lifi.getRoutes(client(), { ...routesParams, fromChainId: 324 });
    const asked = server.current.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body));
    expect(asked.map((body) => [body.fromChainId, body.toChainId])).toEqual([
      [1, 250],
      [324, 42161],
    ]);
  });
});
