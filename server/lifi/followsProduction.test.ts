import { createClient, getChains, getGasRecommendation, getToken, getTokens, getTools } from '@lifi/sdk';
import type { FeeCost, Route, Token } from '@lifi/types';
import { describe, expect, it } from 'vitest';
import { RETIRED_LIFI_TOOLS } from '../catalog/lifiBridgeData';
import { RECIPIENT, SENDER, USDC, useServer, ZERO } from '../testing/serviceClient';

/**
 * What li.quest offers today, over real HTTP and read with the LI.FI SDK's own actions where it has one: no retired
 * tool; fee items with LI.FI's `feeSplit`; tokens with `verificationStatus` and tags (one unverified, one flagged);
 * a chain with `nonStandardNativeDecimals`; `GET /v1/token`; `GET /v1/gas/suggestion/{chainId}`;
 * `allowDestinationCall`.
 */
const service = useServer({ dialect: 'lifi' });
const client = () => createClient({ integrator: 'tests', apiUrl: `${service.url}/v1`, disableVersionCheck: true });
const MAGIC = '0x539bdE0d7Dbd336b79148AA742883198BBF60342';
const AIRDROP = '0x386B110184968EDb00d5848b97799A819A419D22';

const post = (path: string, body: unknown) =>
  fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const ROUTES_BODY = {
  fromChainId: 1,
  toChainId: 42161,
  fromTokenAddress: USDC[1],
  toTokenAddress: USDC[42161],
  fromAmount: '25000000',
  fromAddress: SENDER,
  toAddress: RECIPIENT,
};

describe('GET /v1/tools', () => {
  it('lists no tool LI.FI retired, and keeps those it offers', async () => {
    const { bridges } = await getTools(client());
    const keys = bridges.map((b) => b.key);
    expect(keys.filter((key) => RETIRED_LIFI_TOOLS.has(key))).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining(['across', 'relay', 'stargateV2', 'near', 'mayan']));
    for (const key of ['hop', 'cbridge', 'stargate']) expect(RETIRED_LIFI_TOOLS.has(key)).toBe(true);
  });
});

describe('POST /v1/advanced/routes', () => {
  it('neither routes through nor names a retired tool, and refuses one asked for by name', async () => {
    const answer = (await (await post('/v1/advanced/routes', ROUTES_BODY)).json()) as {
      routes: Route[];
      unavailableRoutes: { filteredOut: { overallPath: string }[]; failed: { overallPath: string }[] };
    };
    expect(answer.routes.length).toBeGreaterThan(0);
    const named = JSON.stringify([answer.routes.map((r) => r.steps.map((s) => s.tool)), answer.unavailableRoutes]);
    for (const key of ['hop', 'cbridge', '-stargate-']) expect(named).not.toContain(key);
    const refused = await post('/v1/advanced/routes', { ...ROUTES_BODY, options: { bridges: { deny: ['hop'] } } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 1011, message: expect.stringMatching(/bridges\.deny.*hop/) });
  });

  it('splits each bridge fee into LI.FI’s, with its feeSplit, and the bridge’s, adding up to what the leg takes', async () => {
    const { routes } = (await (await post('/v1/advanced/routes', ROUTES_BODY)).json()) as { routes: Route[] };
    const step = routes[0]!.steps[0]!;
    const fees = step.estimate.feeCosts as FeeCost[];
    const lifi = fees.find((fee) => fee.feeSplit !== undefined)!;
    expect(lifi).toMatchObject({ name: 'LIFI Fixed Fee', included: true });
    expect(lifi.feeSplit).toEqual({
      lifiFee: lifi.amount,
      integratorFee: '0',
      recipients: [{ name: 'lifi', fee: lifi.amount, type: 'FIXED' }],
    });
    const bridgeLeg = step.includedSteps.find((s) => s.type === 'cross')!;
    const legFees = bridgeLeg.estimate.feeCosts as FeeCost[];
    expect(legFees.map((fee) => fee.name)).toEqual(['LIFI Fixed Fee', `${bridgeLeg.toolDetails.name} fee`]);
    const taken = BigInt(bridgeLeg.action.fromAmount) - BigInt(bridgeLeg.estimate.toAmount);
    expect(legFees.reduce((sum, fee) => sum + BigInt(fee.amount), 0n)).toBe(taken);
    // The twin's share: a fifth of the leg's fee.
    expect(BigInt(lifi.amount)).toBe((taken * 20n) / 100n);
  });

  it('takes allowDestinationCall (default true) and refuses what is not a boolean', async () => {
    for (const allowDestinationCall of [true, false]) {
      const answer = await post('/v1/advanced/routes', { ...ROUTES_BODY, options: { allowDestinationCall } });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { routes: Route[] }).routes.length).toBeGreaterThan(0);
    }
    const bad = await post('/v1/advanced/routes', { ...ROUTES_BODY, options: { allowDestinationCall: 'yes' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/allowDestinationCall/);
  });
});

describe('GET /v1/quote', () => {
  const quote = (extra: Record<string, string>) =>
    fetch(
      `${service.url}/v1/quote?${new URLSearchParams({
        fromChain: '1',
        toChain: '42161',
        fromToken: USDC[1],
        toToken: USDC[42161],
        fromAmount: '25000000',
        fromAddress: SENDER,
        ...extra,
      })}`,
    );

  it('takes allowDestinationCall=true or false, refuses anything else naming it, and refuses a retired bridge', async () => {
    expect((await quote({ allowDestinationCall: 'false' })).status).toBe(200);
    expect((await quote({ allowDestinationCall: 'true' })).status).toBe(200);
    const bad = await quote({ allowDestinationCall: 'maybe' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/allowDestinationCall: must be true or false/);
    const hop = await quote({ allowBridges: 'hop' });
    expect(hop.status).toBe(400);
    expect(((await hop.json()) as { message: string }).message).toMatch(/unknown bridge hop/);
  });
});

describe('GET /v1/tokens and /v1/token', () => {
  it('carry verificationStatus and tags, with an unverified and a flagged token on Arbitrum', async () => {
    const { tokens } = await getTokens(client(), { chains: [42161] });
    const arbitrum = tokens[42161] as Token[];
    const status = (address: string) => arbitrum.find((t) => t.address === address)?.verificationStatus;
    expect(status(MAGIC)).toBe('unverified');
    expect(status(AIRDROP)).toBe('flagged');
    expect(status(USDC[42161])).toBe('verified');
    expect(arbitrum.find((t) => t.address === USDC[42161])?.tags).toEqual(['stablecoin']);
    expect(arbitrum.find((t) => t.address === ZERO)?.tags).toEqual(['major_asset']);
    expect(arbitrum.every((t) => ['verified', 'unverified', 'flagged'].includes(t.verificationStatus ?? ''))).toBe(
      true,
    );
  });

  it('answers one token by address or symbol as the listing has it, and 404 for one it does not list', async () => {
    const flagged = await getToken(client(), 42161, AIRDROP);
    expect(flagged).toMatchObject({ symbol: 'AIRDROP', verificationStatus: 'flagged' });
    expect(flagged.verificationStatusBreakdown?.[0]?.reason).toMatch(/airdrop/i);
    expect(await getToken(client(), 'arb' as never, 'magic')).toMatchObject({ address: MAGIC });
    const missing = await fetch(`${service.url}/v1/token?chain=42161&token=${USDC[1]}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 1003 });
  });

  it('routes carry their tokens’ verification', async () => {
    const body = { ...ROUTES_BODY, fromChainId: 42161, fromTokenAddress: USDC[42161], toTokenAddress: MAGIC };
    const answer = await post('/v1/advanced/routes', body);
    const { routes } = (await answer.json()) as { routes: Route[] };
    expect(routes[0]?.toToken.verificationStatus).toBe('unverified');
    expect(routes[0]?.steps[0]?.action.toToken.verificationStatus).toBe('unverified');
  });
});

describe('GET /v1/chains', () => {
  it('lists a chain with nonStandardNativeDecimals, whose chain-side decimals differ from its native token’s', async () => {
    const chains = await getChains(client());
    const stable = chains.find((c) => c.nonStandardNativeDecimals === true);
    expect(stable).toMatchObject({ id: 988, name: 'Stable', chainType: 'EVM' });
    expect(stable?.metamask.nativeCurrency.decimals).toBe(18);
    expect(stable?.nativeToken.decimals).toBe(6);
    expect(chains.filter((c) => c.id !== 988).every((c) => c.nonStandardNativeDecimals === undefined)).toBe(true);
  });
});

describe('GET /v1/gas/suggestion/{chainId}', () => {
  it('recommends gas on a chain priced from its gas price, as the SDK’s getGasRecommendation reads it', async () => {
    const answer = await getGasRecommendation(client(), { chainId: 42161 });
    expect(answer.available).toBe(true);
    expect(answer.recommended?.token).toMatchObject({ chainId: 42161, address: ZERO, symbol: 'ETH' });
    expect(BigInt(answer.recommended!.amount)).toBeGreaterThan(0n);
    expect(BigInt(answer.limit!.amount)).toBe(BigInt(answer.recommended!.amount) * 10n);
    expect(answer.serviceFee?.amount).toBe('0');
    expect(answer.fromToken).toBeUndefined();
  });

  it('with fromChain and fromToken, says what of that token buys the recommended gas', async () => {
    const eth = await getGasRecommendation(client(), { chainId: 42161, fromChain: 1, fromToken: ZERO });
    expect(eth.fromToken?.address).toBe(ZERO);
    expect(eth.fromAmount).toBe(eth.recommended?.amount);
    const usdc = await getGasRecommendation(client(), { chainId: 42161, fromChain: 1, fromToken: USDC[1] });
    expect(usdc.fromToken?.symbol).toBe('USDC');
    // At the twin's reference prices (ETH 3,000 USD) with a 1 % margin, in USDC's 6 decimals.
    const gasUsd = (Number(usdc.recommended!.amount) / 1e18) * 3000;
    expect(Number(usdc.fromAmount) / 1e6).toBeGreaterThanOrEqual(gasUsd);
    expect(Number(usdc.fromAmount) / 1e6).toBeLessThan(gasUsd * 1.02 + 1e-6);
  });

  it('says plainly where no gas is offered, and refuses an unknown chain or half a source', async () => {
    const solana = await getGasRecommendation(client(), { chainId: 1151111081099710 });
    expect(solana).toEqual({ available: false, message: 'No gas suggestion for Solana' });
    const polygon = await getGasRecommendation(client(), { chainId: 137, fromChain: 1, fromToken: ZERO });
    expect(polygon.available).toBe(false);
    expect(polygon.message).toMatch(/not offered to Polygon/);
    const unknown = await fetch(`${service.url}/v1/gas/suggestion/999999`);
    expect(unknown.status).toBe(400);
    const half = await fetch(`${service.url}/v1/gas/suggestion/42161?fromChain=1`);
    expect(half.status).toBe(400);
    expect(((await half.json()) as { message: string }).message).toMatch(/fromToken/);
  });
});
