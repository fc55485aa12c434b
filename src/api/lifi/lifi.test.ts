import { describe, expect, it } from 'vitest';
import {
  lifiChainsBody,
  lifiNoQuoteErrorBody,
  lifiTokensBody,
  lifiToolsBody,
} from '../../../testing/lifi/recorded/catalog';
import {
  lifiQuoteBody,
  lifiRouteBody,
  lifiRoutesBody,
  lifiStepBody,
  lifiStepTransactionBody,
} from '../../../testing/lifi/recorded/routes';
import {
  lifiStatusDoneBody,
  lifiStatusFailedBody,
  lifiStatusNotFoundBody,
  lifiStatusPendingBody,
} from '../../../testing/lifi/recorded/status';
import { useScriptedServer } from '../../../testing/useScriptedServer';
import { routingActions } from '../adapters';
import { createRoutingClient } from '../client';
import { HttpRequestError, SchemaError } from '../errors';

/**
 * Recorded LI.FI production bodies (./recorded, sources named there) served over real loopback HTTP and read through
 * the client in the `lifi` dialect: every endpoint answers in the internal model the rest of the extension uses.
 */
const server = useScriptedServer();
const lifi = routingActions('lifi');
const client = (apiKey?: string) =>
  createRoutingClient({ baseUrl: server.current.url, apiKey, dialect: 'lifi', retry: { attempts: 1 } });
const WALLET = '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0';
const RECIPIENT = '0x1111111111111111111111111111111111111111';
const TX = '0x1695bded7c1634dce4a200bdec72be0ed6cc5f7153ec2dc832b271d790eb00c8';

describe('LI.FI dialect: catalog', () => {
  it('reads chains with `metamask` as the internal `wallet`, keeps diamondAddress, asks for EVM and Solana (SVM) chains', async () => {
    server.current.script('GET /v1/chains', { body: lifiChainsBody() });
    const chains = await lifi.getChains(client());
    expect(server.current.requests[0]?.url).toBe('/v1/chains?chainTypes=EVM,SVM');
    expect(chains.map((c) => [c.id, c.wallet.chainId])).toEqual([
      [1, '0x1'],
      [42161, '0xa4b1'],
    ]);
    expect(chains[0]).toMatchObject({
      diamondAddress: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
      nativeToken: { symbol: 'ETH', chainId: 1 },
    });
    expect(chains[0]).not.toHaveProperty('metamask');
  });

  it("reads LI.FI's Solana chain: SVM as SOLANA, its decimal `metamask.chainId` and base58 native token", async () => {
    // The shape of lifinance/data-types src/chains/supportedChains.svm.ts (metamask.chainId is ChainId.SOL written
    // in decimal), with the native token as LI.FI lists SOL: the system program's key.
    const body = lifiChainsBody();
    body.chains.push({
      key: 'sol',
      chainType: 'SVM',
      name: 'Solana',
      coin: 'SOL',
      id: 1151111081099710,
      mainnet: true,
      nativeToken: {
        address: '11111111111111111111111111111111',
        chainId: 1151111081099710,
        symbol: 'SOL',
        decimals: 9,
        name: 'SOL',
        priceUSD: '150',
      },
      metamask: {
        chainId: '1151111081099710',
        blockExplorerUrls: ['https://explorer.solana.com/', 'https://solscan.io/', 'https://solana.fm/'],
        chainName: 'Solana',
        nativeCurrency: { name: 'SOL', symbol: 'SOL', decimals: 9 },
        rpcUrls: ['https://api.mainnet-beta.solana.com'],
      },
    } as never);
    server.current.script('GET /v1/chains', { body });
    const chains = await lifi.getChains(client());
    const solana = chains.find((c) => c.id === 1151111081099710)!;
    expect(solana).toMatchObject({ chainType: 'SOLANA', wallet: { chainId: '0x416edef1601be', chainName: 'Solana' } });
    expect(chains.map((c) => c.chainType)).toEqual(['EVM', 'EVM', 'SOLANA']);
  });

  it('names the field when a chain lacks `metamask`', async () => {
    const body = lifiChainsBody();
    delete (body.chains[1] as { metamask?: unknown }).metamask;
    server.current.script('GET /v1/chains', { body });
    const err = await lifi.getChains(client()).catch((e) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect(err.paths).toContain('chains[1].metamask');
  });

  it('reads tokens grouped by chain ID', async () => {
    server.current.script('GET /v1/tokens', { body: lifiTokensBody() });
    const tokens = await lifi.getTokens(client(), { chains: [1, 42161] });
    expect(server.current.requests[0]?.url).toBe('/v1/tokens?chains=1,42161&chainTypes=EVM,SVM');
    expect(tokens['1']?.map((t) => t.symbol)).toEqual(['ETH', 'USDC']);
    expect(tokens['42161']).toEqual([]);
  });

  it('reads bridges’ chain pairs as the chains they touch, exchanges’ chain IDs as sent', async () => {
    server.current.script('GET /v1/tools', { body: lifiToolsBody() });
    const tools = await lifi.getTools(client());
    expect(tools.bridges[0]?.supportedChains).toEqual([1, 42161, 10, 137]);
    expect(tools.bridges[0]).toMatchObject({ chainPairs: [{ fromChainId: 1, toChainId: 42161 }, {}, {}] });
    expect(tools.exchanges[1]?.supportedChains).toEqual([1, 42161, 10, 137, 8453, 43114]);
  });
});

describe('LI.FI dialect: headers', () => {
  it('sends the key as x-lifi-api-key, never as X-API-Key', async () => {
    server.current.script('GET /v1/chains', { body: lifiChainsBody() });
    await lifi.getChains(client('my-key'));
    const { headers } = server.current.requests[0]!;
    expect(headers['x-lifi-api-key']).toBe('my-key');
    expect(headers['x-api-key']).toBeUndefined();
  });

  it('reads ratelimit-* (reset in seconds from now) and ignores the spec’s x-ratelimit-*', async () => {
    const c = client();
    server.current.script('GET /v1/chains', {
      body: lifiChainsBody(),
      headers: { 'ratelimit-limit': '200', 'ratelimit-remaining': '0', 'ratelimit-reset': '30' },
    });
    const before = Date.now();
    await lifi.getChains(c);
    expect(c.rateLimit).toMatchObject({ limit: 200, remaining: 0 });
    expect(c.rateLimit?.resetAt).toBeGreaterThanOrEqual(before + 30_000);
    expect(c.rateLimit?.resetAt).toBeLessThan(before + 32_000);

    const other = client();
    server.current.script('GET /v1/chains', {
      body: lifiChainsBody(),
      headers: { 'x-ratelimit-limit': '200', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30' },
    });
    await lifi.getChains(other);
    expect(other.rateLimit).toBeUndefined();
  });
});

describe('LI.FI dialect: quote', () => {
  it('asks with fromAddress, integrator and LI.FI’s order, and reads the recorded quote', async () => {
    server.current.script('GET /v1/quote', { body: lifiQuoteBody() });
    const quote = await lifi.getQuote(client(), {
      fromChain: 1,
      fromToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      toChain: 42161,
      toToken: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      fromAmount: 10_000_000n,
      fromAddress: WALLET,
    });
    const { query } = server.current.requests[0]!;
    expect(Object.fromEntries(query)).toMatchObject({
      fromChain: '1',
      toChain: '42161',
      fromAddress: WALLET,
      integrator: 'bridge-companion',
      order: 'CHEAPEST',
    });
    expect(quote.transactionRequest.to).toBe('0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE');
    expect(quote.estimate.toAmountMin).toBe('9965731');
  });

  it('reads LI.FI’s "no quote" error body (404) into the error the popup shows', async () => {
    server.current.script('GET /v1/quote', { status: 404, body: lifiNoQuoteErrorBody() });
    const err = await lifi
      .getQuote(client(), { fromChain: 100, fromToken: WALLET, toChain: 100, toToken: WALLET, fromAmount: 1n })
      .catch((e) => e);
    expect(err).toBeInstanceOf(HttpRequestError);
    expect(err.shortMessage).toBe('No route found for this transfer.');
    expect(err.toolErrors[0]).toMatchObject({ tool: '1inch', code: 'INSUFFICIENT_LIQUIDITY' });
    expect(err.message).toContain("The tool's liquidity is insufficient.");
  });
});

const routesParams = {
  fromChainId: '100',
  fromTokenAddress: '0x0000000000000000000000000000000000000000',
  toChainId: 137,
  toTokenAddress: '0x0000000000000000000000000000000000000000',
  fromAmount: 10n ** 18n,
};

describe('LI.FI dialect: routes', () => {
  it('sends numeric chain IDs, integrator and CHEAPEST, and FASTEST for the TIME order', async () => {
    server.current.script('POST /v1/advanced/routes', { body: lifiRoutesBody() });
    await lifi.getRoutes(client(), { ...routesParams, fromAddress: WALLET, options: { slippage: 0.003 } });
    await lifi.getRoutes(client(), { ...routesParams, options: { order: 'TIME' } });
    const [first, second] = server.current.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body));
    expect(first).toEqual({
      fromChainId: 100,
      fromTokenAddress: routesParams.fromTokenAddress,
      toChainId: 137,
      toTokenAddress: routesParams.toTokenAddress,
      fromAmount: '1000000000000000000',
      fromAddress: WALLET,
      // Only bridges whose facet the signing guard reads: a route through another would be refused at signing.
      options: {
        integrator: 'bridge-companion',
        slippage: 0.003,
        order: 'CHEAPEST',
        // Without the service's tools listing (not scripted here), Across alone: it is always listed.
        bridges: { allow: ['across'] },
        allowSwitchChain: true,
        // li.quest would otherwise offer destination calls, which the guard refuses at signing.
        allowDestinationCall: false,
      },
    });
    expect(second.options.order).toBe('FASTEST');
  });

  it('sends the gas on arrival the person chose as top-level fromAmountForGas, as li.quest takes it', async () => {
    server.current.script('POST /v1/advanced/routes', { body: lifiRoutesBody() });
    await lifi.getRoutes(client(), { ...routesParams, fromAmountForGas: 4n * 10n ** 15n });
    const [post] = server.current.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body));
    expect(post.fromAmountForGas).toBe('4000000000000000');
    expect(post.options.fromAmountForGas).toBeUndefined();
  });

  it('asks for every bridge whose facet the guard reads that li.quest’s own tools listing names, and no other', async () => {
    const tools = lifiToolsBody();
    const listed = ['relaydepository', 'stargateV2', 'stargateV2Bus', 'mayan', 'mayanMCTP', 'celercircle', 'glacis']
      .concat(['polymerStandard'])
      .concat(['chainflip', 'eco', 'near', 'gasZipBridge', 'symbiosis', 'arbitrum', 'debridge', 'hop'])
      .map((key) => ({ ...tools.bridges[0]!, key, name: key }));
    server.current.script('GET /v1/tools', { body: { ...tools, bridges: [...tools.bridges, ...listed] } });
    server.current.script('POST /v1/advanced/routes', { body: lifiRoutesBody() });
    await lifi.getRoutes(client(), routesParams);
    const [post] = server.current.requests.filter((r) => r.method === 'POST');
    // Not Hop (gone from LI.FI's contracts) nor Stargate V1: their calldata is not read. Checked keys li.quest does not
    // list here (relay, mayanWH, dln, polymer, optimism, …) are not named either.
    expect(JSON.parse(post!.body).options.bridges).toEqual({
      allow: [
        'across',
        'relaydepository',
        'stargateV2',
        'stargateV2Bus',
        'mayan',
        'mayanMCTP',
        'debridge',
        'celercircle',
        // Polymer's standard route, under the key li.quest gives it.
        'polymerStandard',
        'glacis',
        'chainflip',
        'eco',
        'near',
        'gasZipBridge',
        'symbiosis',
        'arbitrum',
      ],
    });
  });

  it('asks nothing when the person allows only bridges the guard cannot check, and says why', async () => {
    server.current.script('GET /v1/tools', { body: lifiToolsBody() });
    const answer = await lifi.getRoutes(client(), { ...routesParams, options: { bridges: { allow: ['stargate'] } } });
    expect(answer.routes).toEqual([]);
    expect(answer.unavailableRoutes?.filteredOut?.[0]?.reason).toMatch(/^UNCHECKED_BRIDGES/);
    expect(server.current.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('names no bridges for a swap on one chain', async () => {
    server.current.script('POST /v1/advanced/routes', { body: { routes: [] } });
    await lifi.getRoutes(client(), { ...routesParams, toChainId: '100' });
    expect(JSON.parse(server.current.requests[0]!.body).options.bridges).toBeUndefined();
  });

  it('offers a one-step route in the internal shape, keeping LI.FI’s step; keeps a two-step route’s steps', async () => {
    server.current.script('POST /v1/advanced/routes', { body: lifiRoutesBody() });
    const answer = await lifi.getRoutes(client(), routesParams);
    expect(answer.routes).toHaveLength(2);
    const route = answer.routes.find((r) => !r.steps);
    expect(route).toMatchObject({
      id: '0x1e21fad9c26fff48b67ae2925f878e43bf81211da8b1cd9b7faa8bfd8d7ea9d9',
      type: 'cross',
      tool: 'relay',
      action: { fromChainId: 100, toChainId: 137, fromAmount: '1000000000000000000' },
      estimate: {
        toAmount: '999500000000000000',
        toAmountMin: '999500000000000000',
        approvalAddress: '0x115909BDcbaB21954bEb4ab65FC2aBEE9866fa93',
        fromAmountUSD: '0.05',
      },
      tags: ['RECOMMENDED', 'CHEAPEST', 'FASTEST'],
    });
    expect(route?.serviceStep).toEqual(lifiRouteBody().steps[0]);
    // Two steps, two signatures: the route's totals describe the whole transfer, each step stays LI.FI's own.
    const twoStep = answer.routes.find((r) => r.steps)!;
    const body = lifiRoutesBody().routes[1]!;
    expect(twoStep.steps?.map((step) => step.serviceStep)).toEqual(body.steps);
    expect(twoStep).toMatchObject({
      tool: '1inch',
      toolDetails: { name: '1inch + relay' },
      action: { fromChainId: body.fromChainId, toChainId: body.toChainId, fromAmount: body.fromAmount },
      estimate: { toAmount: body.toAmount, toAmountMin: body.toAmountMin },
    });
    // The recorded steps carry no included steps of their own.
    expect(twoStep.includedSteps).toEqual([]);
  });

  it('answers an empty list with LI.FI’s reasons when nothing is possible', async () => {
    const body = {
      routes: [],
      unavailableRoutes: { filteredOut: [{ overallPath: '100:MIVA-relay-137:MIVA', reason: 'amount too low' }] },
    };
    server.current.script('POST /v1/advanced/routes', { body });
    const answer = await lifi.getRoutes(client(), routesParams);
    expect(answer).toEqual({ routes: [], unavailableRoutes: body.unavailableRoutes });
  });

  it('splits the tool lists into LI.FI’s bridges and exchanges by its own tools listing', async () => {
    server.current.script('GET /v1/tools', { body: lifiToolsBody() });
    server.current.script('POST /v1/advanced/routes', { body: lifiRoutesBody() });
    const c = client();
    const options = { bridges: { allow: ['across', 'uniswap'], deny: ['stargate', 'gone'], prefer: ['1inch'] } };
    await lifi.getRoutes(c, { ...routesParams, options });
    await lifi.getRoutes(c, { ...routesParams, options });
    const posts = server.current.requests.filter((r) => r.method === 'POST');
    expect(JSON.parse(posts[0]!.body).options).toMatchObject({
      bridges: { allow: ['across'], deny: ['stargate'] },
      exchanges: { allow: ['uniswap'], prefer: ['1inch'] },
    });
    // One tools listing per client.
    expect(server.current.requests.filter((r) => r.path === '/v1/tools')).toHaveLength(1);
  });

  it('refuses a route without steps, naming the field', async () => {
    server.current.script('POST /v1/advanced/routes', { body: { routes: [{ ...lifiRouteBody(), steps: [] }] } });
    const err = await lifi.getRoutes(client(), routesParams).catch((e) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect(err.paths).toContain('routes[0].steps');
  });
});

describe('LI.FI dialect: stepTransaction', () => {
  it('sends LI.FI’s own step back unchanged but for the chosen addresses, and reads the populated step', async () => {
    server.current.script('POST /v1/advanced/stepTransaction', { body: lifiStepTransactionBody() });
    const serviceStep = lifiStepBody();
    const internal = { ...serviceStep, id: 'route-id', action: { ...serviceStep.action }, serviceStep };
    const answer = await lifi.getStepTransaction(client(), {
      step: internal,
      senderAddress: WALLET,
      recipientAddress: RECIPIENT,
    });
    const sent = JSON.parse(server.current.requests[0]!.body);
    expect(sent).toEqual({
      ...serviceStep,
      action: { ...serviceStep.action, fromAddress: WALLET, toAddress: RECIPIENT },
    });
    expect(answer.transactionRequest).toMatchObject({ to: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', chainId: 100 });
    expect(answer.estimate.toAmountMin).toBe('21265227061203763356');
  });

  it('refuses a populated step without gasLimit', async () => {
    const body = lifiStepTransactionBody();
    delete (body.transactionRequest as { gasLimit?: string }).gasLimit;
    server.current.script('POST /v1/advanced/stepTransaction', { body });
    const err = await lifi
      .getStepTransaction(client(), { step: lifiStepBody(), senderAddress: WALLET, recipientAddress: WALLET })
      .catch((e) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect(err.paths).toContain('transactionRequest.gasLimit');
  });
});

describe('LI.FI dialect: status', () => {
  it('DONE / COMPLETED: chain IDs from the legs, both legs complete', async () => {
    server.current.script('GET /v1/status', { body: lifiStatusDoneBody() });
    const status = await lifi.getStatus(client(), { txHash: TX, fromChainId: 9745, toChainId: 9745 });
    expect(server.current.requests[0]?.url).toBe(`/v1/status?txHash=${TX}&fromChain=9745&toChain=9745`);
    expect(status).toMatchObject({
      status: 'DONE',
      substatus: 'COMPLETED',
      fromChainId: 9745,
      toChainId: 9745,
      receiving: { amount: '1176337', txHash: lifiStatusDoneBody().receiving.txHash },
      explorerLink: lifiStatusDoneBody().lifiExplorerLink,
    });
  });

  it('prefers the bridge’s own explorer page to LI.FI’s scan page when LI.FI gives both', async () => {
    const bridgePage = 'https://app.across.to/transactions/0x01';
    server.current.script('GET /v1/status', { body: { ...lifiStatusDoneBody(), bridgeExplorerLink: bridgePage } });
    const status = await lifi.getStatus(client(), { txHash: TX, fromChainId: 9745, toChainId: 9745 });
    expect(status.explorerLink).toBe(bridgePage);
  });

  it('DONE without a receiving transaction is refused, as the spec’s rule says', async () => {
    const body = lifiStatusDoneBody();
    delete (body.receiving as { txHash?: string }).txHash;
    server.current.script('GET /v1/status', { body });
    const err = await lifi.getStatus(client(), { txHash: TX }).catch((e) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect(err.paths).toContain('receiving.txHash');
  });

  it('PENDING: the receiving leg carries only its chain', async () => {
    server.current.script('GET /v1/status', { body: lifiStatusPendingBody() });
    const status = await lifi.getStatus(client(), { txHash: TX });
    expect(status).toMatchObject({
      status: 'PENDING',
      substatus: 'WAIT_DESTINATION_TRANSACTION',
      fromChainId: 1,
      toChainId: 42161,
      receiving: { chainId: 42161 },
    });
  });

  it('FAILED without a receiving leg: the destination chain comes from the extension’s record', async () => {
    server.current.script('GET /v1/status', { body: lifiStatusFailedBody() });
    const status = await lifi.getStatus(client(), { txHash: TX, fromChainId: 1, toChainId: 42161 });
    expect(status).toMatchObject({ status: 'FAILED', fromChainId: 1, toChainId: 42161, receiving: { chainId: 42161 } });
  });

  it('NOT_FOUND is a value, as a 200 or a 404', async () => {
    server.current.script(
      'GET /v1/status',
      { body: lifiStatusNotFoundBody() },
      { status: 404, body: lifiStatusNotFoundBody() },
    );
    expect((await lifi.getStatus(client(), { txHash: TX })).status).toBe('NOT_FOUND');
    expect((await lifi.getStatus(client(), { txHash: TX })).status).toBe('NOT_FOUND');
  });
});
