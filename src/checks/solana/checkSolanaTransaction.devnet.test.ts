import { address, generateKeyPairSigner, type Instruction } from '@solana/kit';
import { AuthorityType, getApproveInstruction, getSetAuthorityInstruction } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneClickStatus } from '../../../server/devnet/oneClickQuotes';
import { AMOUNT, type DepositFixture, MIN_OUT, startDepositFixture } from '../../../testing/solana/depositFixture';
import { NEAR_INTENTS_DEVNET_KEYS } from '../promises/nearIntentsConfig';
import { checkSolanaTransaction, type SolanaVerdict } from './checkSolanaTransaction';

/**
 * The check before signing against the devnet's real SVM (litesvm) through its Solana JSON-RPC: a person holding
 * USDC on Solana deposits 25 USDC at a 1Click deposit address for USDC on Base. The honest transaction passes; a
 * compromised service's changes are refused, each in words.
 */

let fixture: DepositFixture;
beforeAll(async () => {
  fixture = await startDepositFixture();
});
afterAll(async () => {
  await fixture?.server.close();
});

const quote = (recipient?: string, amountIn?: bigint) => fixture.quote(recipient, amountIn);
const deposit = (depositAddress: string, amount?: bigint) => fixture.deposit(depositAddress, amount);
const serialized = (instructions: Awaited<ReturnType<DepositFixture['deposit']>>, feePayer?: string) =>
  fixture.serialized(instructions, feePayer);

const check = (transaction: string): Promise<SolanaVerdict> =>
  checkSolanaTransaction({
    transaction,
    choice: fixture.choice(),
    rpcUrl: fixture.server.url,
    minAmountOut: MIN_OUT,
    bridge: {
      kind: 'nearIntents',
      config: { ...NEAR_INTENTS_DEVNET_KEYS, oneClickUrl: 'http://127.0.0.1:9/1click' },
      status: async (depositAddress) => oneClickStatus(depositAddress),
    },
  });

/** The refusals' codes and words. */
const refusalsOf = (verdict: SolanaVerdict) =>
  verdict.ok ? [] : verdict.refusals.map((r) => [r.code, r.shortMessage]);

describe('checkSolanaTransaction on the devnet VM', () => {
  it('passes the honest deposit at the quoted address, with its fee and the rent of the deposit account', async () => {
    const { depositAddress } = quote();
    const verdict = await check(await serialized(await deposit(depositAddress)));
    expect(refusalsOf(verdict)).toEqual([]);
    expect(verdict).toMatchObject({ ok: true, depositAddress, proven: true, fee: 5_000n, rent: 2_039_280n });
  });

  it('refuses an added instruction paying someone else', async () => {
    const { depositAddress } = quote();
    const thief = (await generateKeyPairSigner()).address;
    const verdict = await check(await serialized([...(await deposit(depositAddress)), ...(await deposit(thief, 1n))]));
    const codes = refusalsOf(verdict).map(([code]) => code);
    expect(codes).toContain('AMOUNT');
    expect(codes).toContain('PAID_ELSEWHERE');
    expect(refusalsOf(verdict).map(([, words]) => words)).toContain(
      `Blocked for your safety: the transaction pays the chosen token to ${thief} besides the deposit address ${depositAddress}.`,
    );
  });

  it('refuses a raised amount', async () => {
    const { depositAddress } = quote();
    const verdict = await check(await serialized(await deposit(depositAddress, AMOUNT + 1_000_000n)));
    expect(refusalsOf(verdict)).toContainEqual([
      'AMOUNT',
      'Blocked for your safety: the transaction takes 26000000 of the chosen token from your accounts, not the 25000000 you chose.',
    ]);
  });

  it('refuses a token account handed over, and an approval beyond the amount', async () => {
    const { depositAddress } = quote();
    const thief = (await generateKeyPairSigner()).address;
    const handOver = getSetAuthorityInstruction({
      owned: fixture.source,
      owner: fixture.person,
      authorityType: AuthorityType.AccountOwner,
      newAuthority: thief,
    });
    const handed = await check(await serialized([...(await deposit(depositAddress)), handOver]));
    expect(refusalsOf(handed)).toEqual([
      [
        'SET_AUTHORITY',
        `Blocked for your safety: the transaction hands the authority over token account ${fixture.source} to someone else.`,
      ],
    ]);
    const approve = getApproveInstruction({
      source: fixture.source,
      delegate: thief,
      owner: fixture.person,
      amount: AMOUNT * 2n,
    });
    const approved = await check(await serialized([...(await deposit(depositAddress)), approve]));
    expect(refusalsOf(approved).map(([code]) => code)).toEqual(['APPROVE']);
    // Within the amount the instruction passes, but the simulation sees the delegate it leaves in charge.
    const within = getApproveInstruction({
      source: fixture.source,
      delegate: thief,
      owner: fixture.person,
      amount: 1n,
    });
    const left = await check(await serialized([...(await deposit(depositAddress)), within]));
    expect(refusalsOf(left)).toEqual([
      [
        'AUTHORITY_LEFT',
        `Blocked for your safety: the transaction leaves ${thief} in charge of your token account ${fixture.source}.`,
      ],
    ]);
  });

  it('refuses a swapped deposit address: one no quote vouches for, or another quote paying someone else', async () => {
    const thief = (await generateKeyPairSigner()).address;
    const unquoted = await check(await serialized(await deposit(thief)));
    expect(refusalsOf(unquoted)).toEqual([
      ['QUOTE', `Blocked for your safety: 1Click does not vouch for the deposit address ${thief} with a signed quote.`],
    ]);
    const theirs = quote('0x2222222222222222222222222222222222222222');
    const swapped = await check(await serialized(await deposit(theirs.depositAddress)));
    expect(refusalsOf(swapped)).toEqual([
      [
        'QUOTE',
        "Blocked for your safety: 1Click's signed quote pays 0x2222222222222222222222222222222222222222, not the receiver you chose.",
      ],
    ]);
  });

  it('refuses another fee payer, an unknown program and an expired blockhash', async () => {
    const { depositAddress } = quote();
    const other = (await generateKeyPairSigner()).address;
    const paidBy = await check(await serialized(await deposit(depositAddress), other));
    expect(refusalsOf(paidBy).map(([code]) => code)).toEqual(['FEE_PAYER']);
    const unknown: Instruction = {
      programAddress: address('BPFLoaderUpgradeab1e11111111111111111111111'),
      data: new Uint8Array([1]),
    };
    const called = await check(await serialized([...(await deposit(depositAddress)), unknown]));
    expect(refusalsOf(called).map(([code]) => code)).toEqual(['UNKNOWN_PROGRAM']);
    const stale = await serialized(await deposit(depositAddress));
    fixture.solana.svm.warpToSlot(fixture.solana.slot + 151n);
    expect(refusalsOf(await check(stale))).toEqual([
      [
        'STALE_BLOCKHASH',
        "Blocked for your safety: the transaction's recent blockhash has expired: ask for the route again.",
      ],
    ]);
  });

  it('refuses bytes that are not a transaction', async () => {
    expect(refusalsOf(await check('bm90IGEgdHJhbnNhY3Rpb24=')).map(([code]) => code)).toEqual(['UNREADABLE']);
  });
});
