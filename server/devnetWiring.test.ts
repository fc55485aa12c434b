import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChainsResponseSchema } from '../src/schemas/catalog';
import { QuoteSchema, RoutesResponseSchema } from '../src/schemas/route';
import { StatusResponseSchema } from '../src/schemas/status';
import { startServer } from './app';
import type { DevnetHandle, Pool } from './ports';
import { amountOut } from './routing/amm';
import { getJson, postJson, quoteUrl, SENDER, USDC, ZERO } from './testing/serviceClient';

const usdc = USDC[1].toLowerCase();

function fakeDevnet(explorerBaseUrl?: string) {
  let pools: Pool[] = [
    { token0: ZERO, token1: usdc, reserve0: 1000n * 10n ** 18n, reserve1: 3_000_000n * 10n ** 6n, feeBps: 30 },
  ];
  const statusCalls: string[] = [];
  const handle: DevnetHandle = {
    chains: [
      { chainId: 1, rpcUrl: 'http://127.0.0.1:18545' },
      { chainId: 42161, rpcUrl: 'http://127.0.0.1:18546' },
    ],
    ...(explorerBaseUrl ? { explorerBaseUrl } : {}),
    liquidity: {
      pools: (chainId, key) => (chainId === 1 && key === 'uniswap' ? pools : []),
      exchangesOn: () => ['uniswap'],
    },
    gas: { gasPrice: () => 7_000_000_000n },
    status: {
      getStatus: async (hash) => {
        statusCalls.push(hash);
        return {
          status: 'PENDING',
          substatus: 'WAIT_DESTINATION_TRANSACTION',
          sending: { txHash: hash, chainId: 1 },
          receiving: { chainId: 42161 },
          fromChainId: 1,
          toChainId: 42161,
        };
      },
    },
    stop: async () => {},
  };
  return {
    handle,
    statusCalls,
    setPools(next: Pool[]) {
      pools = next;
    },
  };
}

describe('devnet mode', () => {
  it('reports devnet RPC URLs and serves the devnet explorer for devnet chains', async () => {
    const devnet = fakeDevnet();
    const server = await startServer({ port: 0, devnet: devnet.handle, logLevel: 'silent' });
    try {
      const { chains } = v.parse(ChainsResponseSchema, (await getJson(`${server.url}/v1/chains`)).body);
      const eth = chains.find((c) => c.id === 1)!;
      expect(eth.wallet.rpcUrls).toEqual(['http://127.0.0.1:18545']);
      expect(eth.wallet.blockExplorerUrls).toEqual([`${server.url}/explorer/1`]);
      // Only the devnet's chains are offered: another would be listed and then fail in the wallet (issue #16).
      expect(chains.map((c) => c.id)).toEqual([1, 42161]);
      const page = await fetch(`${server.url}/explorer/`);
      expect(page.headers.get('content-type')).toContain('text/html');
    } finally {
      await server.close();
    }
  });

  it('uses the devnet explorer base URL when the devnet gives one', async () => {
    const server = await startServer({
      port: 0,
      devnet: fakeDevnet('http://127.0.0.1:9999/explorer/').handle,
      logLevel: 'silent',
    });
    try {
      const { chains } = v.parse(ChainsResponseSchema, (await getJson(`${server.url}/v1/chains`)).body);
      expect(chains.find((c) => c.id === 42161)?.wallet.blockExplorerUrls).toEqual([
        'http://127.0.0.1:9999/explorer/42161',
      ]);
    } finally {
      await server.close();
    }
  });

  it('prices with the devnet pools and gas, and answers 409 when the pool moved before stepTransaction', async () => {
    const devnet = fakeDevnet();
    const server = await startServer({ port: 0, devnet: devnet.handle, logLevel: 'silent' });
    try {
      const params = {
        fromChain: '1',
        fromToken: ZERO,
        toChain: '1',
        toToken: USDC[1],
        fromAmount: String(10n ** 18n),
        fromAddress: SENDER,
      };
      const quote = v.parse(QuoteSchema, (await getJson(quoteUrl(server.url, params))).body);
      expect(quote.tool).toBe('uniswap');
      const expected = amountOut(
        { token0: ZERO, token1: usdc, reserve0: 1000n * 10n ** 18n, reserve1: 3_000_000n * 10n ** 6n, feeBps: 30 },
        ZERO,
        10n ** 18n,
      );
      expect(quote.estimate.toAmount).toBe(expected.toString());
      expect(quote.estimate.gasCosts?.[0]?.price).toBe('7000000000');

      const routes = v.parse(
        RoutesResponseSchema,
        (
          await postJson(`${server.url}/v1/advanced/routes`, {
            fromChainId: '1',
            fromTokenAddress: ZERO,
            toChainId: '1',
            toTokenAddress: USDC[1],
            fromAmount: String(10n ** 18n),
            fromAddress: SENDER,
          })
        ).body,
      ).routes;
      const step = { ...routes[0]!, action: { ...routes[0]!.action, toAddress: SENDER } };
      const stepUrl = `${server.url}/v1/advanced/stepTransaction?senderAddress=${SENDER}&recipientAddress=${SENDER}`;
      expect((await postJson(stepUrl, step)).status).toBe(200);
      // Someone sells USDC into the pool: ETH is now 5 % cheaper than when the route was priced.
      devnet.setPools([
        { token0: ZERO, token1: usdc, reserve0: 1000n * 10n ** 18n, reserve1: 2_850_000n * 10n ** 6n, feeBps: 30 },
      ]);
      const moved = await postJson(stepUrl, step);
      expect(moved.status).toBe(409);
      expect(moved.body.code).toBe(1007);
    } finally {
      await server.close();
    }
  });

  it('answers a failing source with a JSON 500 (code 1006) and no stack trace', async () => {
    const devnet = fakeDevnet();
    devnet.handle.status.getStatus = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:18545 at Socket.secret (/work/main/server/devnet/rpc.ts:1:1)');
    };
    const server = await startServer({ port: 0, devnet: devnet.handle, logLevel: 'silent' });
    try {
      const res = await fetch(`${server.url}/v1/status?txHash=0x${'cd'.repeat(32)}`);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toContain('application/json');
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ message: 'Internal server error', code: 1006 });
      expect(text).not.toContain('rpc.ts');
    } finally {
      await server.close();
    }
  });

  it('delegates /v1/status to the devnet', async () => {
    const devnet = fakeDevnet();
    const server = await startServer({ port: 0, devnet: devnet.handle, logLevel: 'silent' });
    try {
      const hash = `0x${'cd'.repeat(32)}`;
      const status = v.parse(StatusResponseSchema, (await getJson(`${server.url}/v1/status?txHash=${hash}`)).body);
      expect(status.substatus).toBe('WAIT_DESTINATION_TRANSACTION');
      expect(devnet.statusCalls).toEqual([hash]);
    } finally {
      await server.close();
    }
  });
});
