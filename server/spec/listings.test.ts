import { gunzipSync } from 'node:zlib';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChainsResponseSchema, TokensResponseSchema, ToolsResponseSchema } from '../../src/schemas/catalog';
import { ErrorBodySchema } from '../../src/schemas/error';
import { getJson, useServer } from '../testing/serviceClient';

describe('GET /v1/chains', () => {
  const service = useServer();

  it('lists every chain in the shared schema, with wallet data for wallet_addEthereumChain', async () => {
    const { status, body } = await getJson(`${service.url}/v1/chains`);
    expect(status).toBe(200);
    const parsed = v.parse(ChainsResponseSchema, body);
    const eth = parsed.chains.find((c) => c.id === 1)!;
    expect(eth.wallet).toMatchObject({ chainId: '0x1', blockExplorerUrls: ['https://etherscan.io'] });
    expect(eth.nativeToken.address).toBe('0x0000000000000000000000000000000000000000');
    expect(parsed.chains.find((c) => c.id === 56)?.wallet.chainId).toBe('0x38');
    expect(parsed.chains.length).toBeGreaterThanOrEqual(8);
  });

  it('filters by chainTypes', async () => {
    const sol = v.parse(ChainsResponseSchema, (await getJson(`${service.url}/v1/chains?chainTypes=SOLANA`)).body);
    expect(sol.chains.map((c) => c.key)).toEqual(['sol']);
    const evm = v.parse(ChainsResponseSchema, (await getJson(`${service.url}/v1/chains?chainTypes=EVM`)).body);
    expect(evm.chains.every((c) => c.chainType === 'EVM')).toBe(true);
    const both = v.parse(ChainsResponseSchema, (await getJson(`${service.url}/v1/chains?chainTypes=EVM,SOLANA`)).body);
    expect(both.chains.length).toBe(evm.chains.length + 1);
  });

  it('rejects a malformed chainTypes filter naming the field', async () => {
    const { status, body } = await getJson(`${service.url}/v1/chains?chainTypes=evm`);
    expect(status).toBe(400);
    expect(v.parse(ErrorBodySchema, body)).toMatchObject({
      code: 1011,
      errors: { 'chainTypes[0]': expect.any(String) },
    });
    expect(body.message).toContain('chainTypes[0]');
  });
});

describe('GET /v1/tokens', () => {
  const service = useServer();

  it('groups tokens by chain ID and filters by chains', async () => {
    const all = v.parse(TokensResponseSchema, (await getJson(`${service.url}/v1/tokens`)).body);
    expect(Object.keys(all.tokens)).toContain('42161');
    const some = v.parse(TokensResponseSchema, (await getJson(`${service.url}/v1/tokens?chains=10,8453`)).body);
    expect(Object.keys(some.tokens).sort()).toEqual(['10', '8453']);
    expect(some.tokens['8453']?.find((t) => t.symbol === 'USDC')?.address).toBe(
      '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    );
  });

  it('answers 400 naming unknown chain IDs', async () => {
    const { status, body } = await getJson(`${service.url}/v1/tokens?chains=1,999,12345`);
    expect(status).toBe(400);
    expect(body.code).toBe(1011);
    expect(body.message).toContain('999, 12345');
    expect(body.errors.chains).toContain('999');
  });

  it('answers 400 for a malformed chains filter', async () => {
    const { status, body } = await getJson(`${service.url}/v1/tokens?chains=1,,abc`);
    expect(status).toBe(400);
    expect(Object.keys(body.errors)[0]).toMatch(/^chains/);
  });

  it('serves gzip when accepted and identity otherwise, with the same ETag', async () => {
    const gz = await fetch(`${service.url}/v1/tokens`, { headers: { 'accept-encoding': 'gzip' } });
    const raw = await fetch(`${service.url}/v1/tokens`, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    // fetch decodes gzip transparently; the header proves it was compressed on the wire.
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toContain('Accept-Encoding');
    expect(gz.headers.get('etag')).toBe(raw.headers.get('etag'));
    expect(await gz.json()).toEqual(await raw.json());
  });

  it('answers 304 to a matching If-None-Match, and 200 to a stale one', async () => {
    const first = await fetch(`${service.url}/v1/tokens?chains=1`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(`${service.url}/v1/tokens?chains=1`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const list = await fetch(`${service.url}/v1/tokens?chains=1`, { headers: { 'if-none-match': `"x", ${etag}` } });
    expect(list.status).toBe(304);
    const stale = await fetch(`${service.url}/v1/tokens?chains=1`, { headers: { 'if-none-match': 'W/"stale"' } });
    expect(stale.status).toBe(200);
    // The same filter written differently is the same resource.
    const reordered = await fetch(`${service.url}/v1/tokens?chains=1,1`, { headers: { 'if-none-match': etag } });
    expect(reordered.status).toBe(304);
  });
});

describe('GET /v1/tools', () => {
  const service = useServer();

  it('lists the bridges and exchanges with their supported chains', async () => {
    const tools = v.parse(ToolsResponseSchema, (await getJson(`${service.url}/v1/tools`)).body);
    const bridges = tools.bridges.map((b) => b.key);
    expect(bridges).toEqual(expect.arrayContaining(['across', 'stargate', 'hop', 'cbridge', 'relay']));
    expect(tools.exchanges.map((e) => e.key)).toEqual(expect.arrayContaining(['1inch', 'paraswap', '0x', 'uniswap']));
  });

  it('keeps only tools serving one of the chains asked for', async () => {
    const tools = v.parse(ToolsResponseSchema, (await getJson(`${service.url}/v1/tools?chains=43114`)).body);
    expect(tools.bridges.map((b) => b.key)).not.toContain('across');
    expect(tools.bridges.every((b) => b.supportedChains.includes(43114))).toBe(true);
    const sol = v.parse(ToolsResponseSchema, (await getJson(`${service.url}/v1/tools?chains=1151111081099710`)).body);
    expect(sol.bridges.map((b) => b.key)).toEqual(['across', 'relay']);
    expect(sol.exchanges.map((e) => e.key)).toEqual(['jupiter']);
  });

  it('answers 400 for unknown chains', async () => {
    const { status, body } = await getJson(`${service.url}/v1/tools?chains=7`);
    expect(status).toBe(400);
    expect(body.errors).toEqual({ chains: 'unknown chain IDs: 7' });
  });
});

describe('large catalog', () => {
  const service = useServer({ catalog: 'large' });

  it('serves more than 20,000 tokens, gzipped, and revalidates with 304', async () => {
    const res = await fetch(`${service.url}/v1/tokens`, { headers: { 'accept-encoding': 'gzip' } });
    const parsed = v.parse(TokensResponseSchema, await res.json());
    const count = Object.values(parsed.tokens).reduce((n, list) => n + list.length, 0);
    expect(count).toBeGreaterThanOrEqual(20_000);
    const etag = res.headers.get('etag')!;
    const revalidated = await fetch(`${service.url}/v1/tokens`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
  });

  it('sends compressed bytes much smaller than the raw body', async () => {
    const { request } = await import('node:http');
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      request(`${service.url}/v1/tokens?chains=1`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
        .on('error', reject)
        .end();
    });
    const raw = gunzipSync(bytes);
    expect(bytes.length).toBeLessThan(raw.length / 3);
    expect(JSON.parse(raw.toString()).tokens['1'].length).toBeGreaterThan(3000);
  });
});
