import { describe, expect, it } from 'vitest';
import { transferInput, USDC_ARB, USDC_ETH } from '../../testing/background/fixtures';
import { newSentTransfer } from '../background/transfers/transferStatus';
import type { SentTransfer } from '../model/transfer';
import { lookedUpExpected, lookedUpStep } from './lookedUpText';
import { lookupAnswerText } from './lookupAnswer';
import { supportDetails } from './supportDetails';

const chainName = (id: number) => ({ 1: 'Ethereum', 42161: 'Arbitrum' })[id] ?? String(id);
const MINED = Date.UTC(2026, 0, 1);
const lookedUp = (over: Partial<SentTransfer> = {}): SentTransfer => ({
  ...newSentTransfer(
    transferInput({ lookedUp: { at: MINED, minedAt: MINED, toTokenNamed: true, usualSeconds: 120 } }),
    MINED,
  ),
  ...over,
});
const USDT_ARB = { ...USDC_ARB, address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', symbol: 'USDT' };

describe('lookedUpStep: a looked-up transfer’s next step in words', () => {
  it('says nothing for the extension’s own transfers', () => {
    expect(lookedUpStep(newSentTransfer(transferInput(), 0), chainName, 0)).toBeUndefined();
  });

  it('says how long the bridge usually takes, that it is late past twice that, and links the bridge’s page', () => {
    const waiting = lookedUp({ status: 'PENDING', explorerLink: 'https://app.across.to/tx/0x1' });
    expect(lookedUpStep(waiting, chainName, MINED + 60_000)).toEqual({
      kind: 'waiting',
      text: 'Transfers with Across usually take about 2 min (the routes the service offered you for it).',
      page: { href: 'https://app.across.to/tx/0x1', label: 'Follow it on app.across.to' },
    });
    expect(lookedUpStep(waiting, chainName, MINED + 10 * 60_000)).toMatchObject({
      late: 'It has been 10 min since it was sent: longer than usual.',
    });
  });

  it('says so when nothing is known of the bridge’s usual time', () => {
    const unknown = lookedUp({ lookedUp: { at: MINED, toTokenNamed: true } });
    expect(lookedUpStep(unknown, chainName, MINED)).toEqual({
      kind: 'waiting',
      text: 'Nothing is known here of how long Across usually takes.',
    });
  });

  it('names a PARTIAL’s token read on chain and offers to swap it to the one wanted', () => {
    const partial = lookedUp({
      status: 'DONE',
      substatus: 'PARTIAL',
      final: true,
      bridgeToken: USDT_ARB,
      arrival: { state: 'confirmed', amount: '99000000', rpcHost: 'arb.example' },
    });
    expect(lookedUpStep(partial, chainName, MINED)).toEqual({
      kind: 'partial',
      text: '99 USDT arrived on Arbitrum instead of the token the route delivers, read on chain.',
      swap: {
        label: 'Swap USDT to the token you wanted',
        prefill: {
          fromChainId: 42161,
          fromTokenAddress: USDT_ARB.address,
          toChainId: 42161,
          toTokenAddress: USDC_ARB.address,
          amount: '99',
        },
      },
    });
  });

  it('says what a REFUNDED gave back, as the source chain read it', () => {
    const refunded = lookedUp({
      status: 'DONE',
      substatus: 'REFUNDED',
      final: true,
      arrival: { state: 'confirmed', amount: '100000000', rpcHost: 'eth.example' },
    });
    expect(lookedUpStep(refunded, chainName, MINED)).toEqual({
      kind: 'refunded',
      text: 'Refunded: 100 USDC came back on Ethereum, read on chain.',
    });
  });
});

describe('lookupAnswerText', () => {
  it('says each outcome in words', () => {
    expect(lookupAnswerText({ kind: 'unknown', chainIds: [1, 42161] }, chainName)).toEqual({
      ok: false,
      text: 'None of the chains read (Ethereum, Arbitrum) knows this transaction, and the routing service knows no transfer by it. Check the hash, or pick its chain.',
    });
    expect(lookupAnswerText({ kind: 'notThisTransfer', chainId: 1, field: 'amount' }, chainName).text).toBe(
      'The routing service describes this transaction otherwise than Ethereum shows it (nothing of the token it names was sent): it is not followed.',
    );
    expect(lookupAnswerText({ kind: 'found', txHash: '0x1', already: false }, chainName).ok).toBe(true);
  });
});

describe('supportDetails', () => {
  it('gives the hashes, chains, amounts and status history, ending with the warning', () => {
    const t = lookedUp({
      status: 'DONE',
      substatus: 'COMPLETED',
      final: true,
      updatedAt: MINED + 90_000,
      receiving: { txHash: `0x${'be'.repeat(32)}`, chainId: 42161 },
      arrival: { state: 'confirmed', amount: '99800000', rpcHost: 'arb.example' },
      history: [
        { at: MINED + 30_000, status: 'PENDING' },
        { at: MINED + 90_000, status: 'DONE', substatus: 'COMPLETED' },
      ],
    });
    const text = supportDetails({ id: 'x', createdAt: MINED, updatedAt: MINED, sends: [t] }, chainName);
    expect(text).toBe(
      [
        'Transfer support details',
        '',
        'Looked up: not sent by this extension',
        'Status: DONE / COMPLETED',
        'Route: Ethereum (1) → Arbitrum (42161)',
        'Bridge: Across (across)',
        `Sent: 100 USDC (${USDC_ETH.address})`,
        `Expected: 99.8 USDC (${USDC_ARB.address})`,
        'Received (read on chain): 99.8 USDC',
        'Sender: 0x1111111111111111111111111111111111111111',
        'Recipient: 0x1111111111111111111111111111111111111111',
        `Source transaction: ${t.txHash} on Ethereum`,
        `Destination transaction: 0x${'be'.repeat(32)} on Arbitrum`,
        'Status history:',
        '  2026-01-01T00:00:00Z Sent',
        '  2026-01-01T00:00:30Z PENDING',
        '  2026-01-01T00:01:30Z DONE / COMPLETED',
        '',
        'Real support never asks for your private keys or recovery phrase. Never share them with anyone.',
      ].join('\n'),
    );
  });
});

describe('lookedUpExpected', () => {
  it('says what the service has not said yet: the token, or how much of it', () => {
    const unnamed = lookedUp({ lookedUp: { at: 0, toTokenNamed: false } });
    expect(lookedUpExpected(unnamed)).toBe(
      'Sent: 100 USDC. The routing service has not named the token it delivers yet.',
    );
    expect(lookedUpExpected(lookedUp({ toAmount: '0' }))).toBe(
      'Sent: 100 USDC. The routing service has not said yet how much USDC it delivers.',
    );
  });
});
