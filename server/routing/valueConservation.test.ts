import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { QuoteSchema } from '../../src/schemas/route';
import { getCatalog } from '../catalog/catalog';
import { getJson, quoteUrl, SENDER, useServer } from '../testing/serviceClient';
import { toUnits } from './units';

/**
 * A property of every route the service offers: $2,000 in comes out as a little less than $2,000 (fees, gas-free
 * impact), never more and never much less, whatever the decimals (USDC has 18 on BNB Chain, 6 elsewhere).
 */
describe('value conservation across the catalog', () => {
  const service = useServer();
  const catalog = getCatalog('default');
  const evm = catalog.chains.filter((c) => c.chainType === 'EVM');
  const pairs: [number, string, number, string][] = [];
  for (const from of evm) {
    for (const to of evm) {
      const fromTokens = catalog.tokensByChain.get(from.id) ?? [];
      const toTokens = catalog.tokensByChain.get(to.id) ?? [];
      // Native, a stable and the last listed token on each side: covers 6, 8 and 18 decimals and long-tail tokens.
      for (const a of [fromTokens[0], fromTokens[1], fromTokens.at(-1)]) {
        for (const b of [toTokens[0], toTokens[1], toTokens.at(-1)]) {
          if (a && b && a !== b) pairs.push([from.id, a.address, to.id, b.address]);
        }
      }
    }
  }

  it(`keeps 97-100 % of the value on ${pairs.length} chain and token pairs`, async () => {
    const losses: string[] = [];
    for (const [fromChain, fromToken, toChain, toToken] of pairs) {
      const token = catalog.findToken(fromChain, fromToken)!;
      const amount = toUnits(2000 / catalog.priceOf(token), token.decimals);
      const { status, body } = await getJson(
        quoteUrl(service.url, {
          fromChain: String(fromChain),
          fromToken,
          toChain: String(toChain),
          toToken,
          fromAmount: amount.toString(),
          fromAddress: SENDER,
        }),
      );
      expect(status, `${fromChain}:${token.symbol} -> ${toChain}:${toToken}`).toBe(200);
      const quote = v.parse(QuoteSchema, body);
      const ratio = Number(quote.estimate.toAmountUSD) / Number(quote.estimate.fromAmountUSD);
      if (!(ratio > 0.97 && ratio <= 1.0005)) {
        losses.push(
          `${fromChain}:${token.symbol} -> ${toChain}:${quote.action.toToken.symbol} via ${quote.id}: ${ratio}`,
        );
      }
    }
    expect(losses).toEqual([]);
  });
});
