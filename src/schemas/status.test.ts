import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { describeIssues } from './issues';
import { StatusResponseSchema } from './status';

const token = {
  address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  chainId: 42161,
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
};
const hash = `0x${'ab'.repeat(32)}`;

describe('StatusResponseSchema', () => {
  it('accepts LI.FI’s bare NOT_FOUND answer', () => {
    expect(v.is(StatusResponseSchema, { status: 'NOT_FOUND' })).toBe(true);
  });

  it('accepts a pending transfer whose receiving leg has only a chain ID', () => {
    const pending = {
      status: 'PENDING',
      substatus: 'WAIT_DESTINATION_TRANSACTION',
      sending: { txHash: hash, amount: '1000000', token: { ...token, chainId: 1 }, chainId: 1 },
      receiving: { chainId: 42161 },
      fromChainId: 1,
      toChainId: 42161,
    };
    expect(v.is(StatusResponseSchema, pending)).toBe(true);
  });

  it('keeps unknown statuses and substatuses', () => {
    const odd = {
      status: 'SOMETHING_NEW',
      substatus: 'NEVER_SEEN',
      sending: {},
      receiving: {},
      fromChainId: '1',
      toChainId: 10,
    };
    const parsed = v.parse(StatusResponseSchema, odd);
    expect(parsed.status).toBe('SOMETHING_NEW');
    expect(parsed.substatus).toBe('NEVER_SEEN');
  });

  it('names the missing field of a DONE transfer without a receiving hash', () => {
    const done = {
      status: 'DONE',
      substatus: 'COMPLETED',
      sending: { txHash: hash, amount: '1', token, chainId: 1 },
      receiving: { amount: '1', token, chainId: 42161 },
      fromChainId: 1,
      toChainId: 42161,
    };
    const result = v.safeParse(StatusResponseSchema, done);
    expect(result.success).toBe(false);
    expect(describeIssues(result.issues ?? []).join('\n')).toContain('receiving.txHash');
  });

  it('requires legs and chain IDs once the transfer is known', () => {
    const result = v.safeParse(StatusResponseSchema, { status: 'PENDING' });
    expect(result.success).toBe(false);
    expect(describeIssues(result.issues ?? []).join('\n')).toMatch(/sending: sending is required/);
  });
});
