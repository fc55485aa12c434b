import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { statusBody, transferInput, USDC_ARB, USDC_ETH } from '../../../testing/background/fixtures';
import { StatusResponseSchema } from '../../schemas/status';
import { applyStatus, newSentTransfer } from '../transfers/transferStatus';
import { nameLookedUpTokens, withStatusStep } from './lookedUpStatus';

const answer = (status: string, substatus?: string) => v.parse(StatusResponseSchema, statusBody(status, substatus));
const placeholder = { ...USDC_ETH, chainId: 42161 };
const lookedUp = newSentTransfer(
  transferInput({ toToken: placeholder, toAmount: '0', toAmountMin: '1', lookedUp: { at: 0, toTokenNamed: false } }),
  0,
);

describe('withStatusStep: the status history', () => {
  it('adds a status only when it changes', () => {
    const one = withStatusStep(undefined, { status: 'PENDING' }, 1);
    expect(withStatusStep(one, { status: 'PENDING' }, 2)).toEqual([{ at: 1, status: 'PENDING' }]);
    expect(withStatusStep(one, { status: 'DONE', substatus: 'COMPLETED' }, 3)).toEqual([
      { at: 1, status: 'PENDING' },
      { at: 3, status: 'DONE', substatus: 'COMPLETED' },
    ]);
  });

  it('is kept by every status answer', () => {
    const after = applyStatus(applyStatus(lookedUp, answer('PENDING'), 5), answer('DONE', 'COMPLETED'), 9);
    expect(after.history?.map((s) => s.status)).toEqual(['PENDING', 'DONE']);
  });
});

describe('nameLookedUpTokens', () => {
  it('names a looked-up transfer’s token from the service once, never an own transfer’s', () => {
    const named = nameLookedUpTokens(lookedUp, answer('DONE', 'COMPLETED'));
    expect(named).toMatchObject({ toToken: USDC_ARB, toAmount: '99800000', lookedUp: { toTokenNamed: true } });
    const own = newSentTransfer(transferInput(), 0);
    expect(nameLookedUpTokens(own, answer('DONE', 'COMPLETED'))).toBe(own);
    expect(nameLookedUpTokens(lookedUp, answer('PENDING'))).toBe(lookedUp);
  });

  it('keeps a PARTIAL’s token as the bridge’s, so the arrival is read in it', () => {
    const partial = nameLookedUpTokens(lookedUp, answer('DONE', 'PARTIAL'));
    expect(partial).toMatchObject({ bridgeToken: USDC_ARB, toToken: placeholder });
  });

  it('lets a looked-up DONE through the status check it names the token for', () => {
    const after = applyStatus(lookedUp, answer('DONE', 'COMPLETED'), 5);
    expect(after.status).not.toBe('MISMATCH');
    expect(after.arrival).toEqual({ state: 'confirming', attempts: 0 });
  });
});

describe('nameLookedUpTokens, amount', () => {
  it('takes the amount once the service says it, for a token it named before', () => {
    const named = { ...lookedUp, toToken: USDC_ARB, lookedUp: { at: 0, toTokenNamed: true } };
    expect(nameLookedUpTokens(named, answer('PENDING'))).toBe(named);
    expect(nameLookedUpTokens(named, answer('DONE', 'COMPLETED')).toAmount).toBe('99800000');
  });
});
