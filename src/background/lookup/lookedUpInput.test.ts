import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { statusBody, txHash, USDC_ARB, USDC_ETH } from '../../../testing/background/fixtures';
import type { ChainTransaction } from '../../chains/readSentTransaction';
import { StatusResponseSchema } from '../../schemas/status';
import { lookedUpInput, usualSeconds } from './lookedUpInput';

const SENDER = '0x2222222222222222222222222222222222222222';
const tx: ChainTransaction = {
  hash: txHash(1),
  from: SENDER,
  to: '0xB71D6e00000000000000000000000000000c0de1',
  input: '0xabcdef',
  value: 0n,
  chainId: 1,
  blockNumber: 10n,
};
const status = (body: object) => v.parse(StatusResponseSchema, body);
const facts = (over: Partial<Parameters<typeof lookedUpInput>[0]> = {}) => ({
  chainId: 1,
  tx,
  sent: { rpcChainId: 1, sent: { [USDC_ETH.address.toLowerCase()]: 70_000_000n }, minedAt: 5_000 },
  status: status({ ...statusBody('PENDING'), toAddress: SENDER }),
  now: 9_000,
  ...over,
});

describe('lookedUpInput: a transfer made elsewhere, from the chain and the service', () => {
  it('takes the amount from the chain, not the service, and the transaction itself as approved', () => {
    // The service says 100 USDC were sent; the receipt's Transfer logs show 70.
    const input = lookedUpInput(facts({ toolName: 'Across', usualSeconds: 120 }));
    expect(input).toMatchObject({
      txHash: txHash(1),
      fromChainId: 1,
      toChainId: 42161,
      fromAmount: '70000000',
      fromAddress: SENDER,
      toAddress: SENDER,
      toolName: 'Across',
      executionDuration: 120,
      approvedTx: { chainId: 1, from: SENDER, to: tx.to, data: '0xabcdef', value: '0' },
      lookedUp: { at: 9_000, minedAt: 5_000, toTokenNamed: false, usualSeconds: 120 },
    });
  });

  it('names the destination token once the service does, and keeps a PARTIAL’s as the bridge’s', () => {
    const done = status(statusBody('DONE', 'COMPLETED'));
    expect(lookedUpInput(facts({ status: done }))).toMatchObject({
      toToken: USDC_ARB,
      toAmount: '99800000',
      lookedUp: { toTokenNamed: true },
    });
    const partial = lookedUpInput(facts({ status: status(statusBody('DONE', 'PARTIAL')) }));
    expect(partial).toMatchObject({ bridgeToken: USDC_ARB, lookedUp: { toTokenNamed: false } });
  });

  it('refuses what the chain contradicts: another hash, chain, sender, token, or nothing sent', () => {
    const other = (sending: Record<string, unknown>, top: object = {}) =>
      status({ ...statusBody('PENDING', undefined, { sending }), ...top });
    expect(lookedUpInput(facts({ status: other({ txHash: txHash(2) }) }))).toEqual({ differs: 'hash' });
    expect(lookedUpInput(facts({ status: other({ chainId: 10 }) }))).toEqual({ differs: 'chain' });
    expect(lookedUpInput(facts({ status: other({}, { fromAddress: USDC_ARB.address }) }))).toEqual({
      differs: 'sender',
    });
    expect(lookedUpInput(facts({ tx: { ...tx, to: null } }))).toEqual({ differs: 'token' });
    expect(lookedUpInput(facts({ sent: { rpcChainId: 1, sent: {} } }))).toEqual({ differs: 'amount' });
  });

  it('reads a native transfer’s amount from the transaction’s value', () => {
    const eth = { ...USDC_ETH, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 };
    const native = status(statusBody('PENDING', undefined, { sending: { token: eth } }));
    expect(lookedUpInput(facts({ status: native, tx: { ...tx, value: 5n } }))).toMatchObject({ fromAmount: '5' });
    expect(lookedUpInput(facts({ status: native }))).toEqual({ differs: 'amount' });
  });
});

describe('usualSeconds', () => {
  it('is the median of the estimates, undefined without any', () => {
    expect(usualSeconds([])).toBeUndefined();
    expect(usualSeconds([0])).toBeUndefined();
    expect(usualSeconds([300, 60, 120])).toBe(120);
    expect(usualSeconds([60, 120])).toBe(90);
  });
});
