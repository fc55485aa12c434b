import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  AuthorityType,
  findAssociatedTokenPda,
  getApproveInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalog } from '../../../server/catalog/catalog';
import { issueOneClickQuote, oneClickStatus } from '../../../server/devnet/oneClickQuotes';
import { SolanaDevnet } from '../../../server/devnet/solana';
import { type SolanaRpcServer, startSolanaRpc } from '../../../server/devnet/solanaRpc';
import { SOLANA_CHAIN_ID } from '../../chains/trustedRpc';
import { NEAR_INTENTS_DEVNET_KEYS } from '../promises/nearIntentsConfig';
import { checkSolanaTransaction, type SolanaVerdict } from './checkSolanaTransaction';
import type { SolanaSourceChoice } from './solanaChoice';

/**
 * The check before signing against the devnet's real SVM (litesvm) through its Solana JSON-RPC: a person holding
 * USDC on Solana deposits 25 USDC at a 1Click deposit address for USDC on Base. The honest transaction passes; a
 * compromised service's changes are refused, each in words.
 */

const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const RECEIVER = '0x1111111111111111111111111111111111111111';
const AMOUNT = 25_000_000n;
const MIN_OUT = 24_900_000n;

let solana: SolanaDevnet;
let server: SolanaRpcServer;
let person: KeyPairSigner;
let source: Awaited<ReturnType<typeof findAssociatedTokenPda>>[0];

beforeAll(async () => {
  solana = await SolanaDevnet.start(getCatalog());
  server = await startSolanaRpc(solana);
  person = await generateKeyPairSigner();
  await solana.transferSol(person.address, 1_000_000_000n);
  await solana.fund(person.address, USDC, 100_000_000n);
  [source] = await findAssociatedTokenPda({ owner: person.address, mint: USDC, tokenProgram: TOKEN_PROGRAM_ADDRESS });
});
afterAll(async () => {
  await server?.close();
});

const choice = (): SolanaSourceChoice => ({
  fromChainId: SOLANA_CHAIN_ID,
  toChainId: 8453,
  fromToken: USDC,
  toToken: BASE_USDC,
  fromAmount: AMOUNT,
  fromAddress: person.address,
  toAddress: RECEIVER,
  slippage: 0.005,
});

/** A 1Click quote for a deposit on Solana, as the twin issues one, paying `recipient` on Base. */
function quote(recipient = RECEIVER, amountIn = AMOUNT) {
  return issueOneClickQuote({
    transactionId: `0x${crypto.randomUUID().replaceAll('-', '')}`,
    fromChainId: SOLANA_CHAIN_ID,
    toChainId: 8453,
    sendingToken: USDC,
    toToken: BASE_USDC,
    amountIn,
    minAmountOut: MIN_OUT,
    recipient,
    refundTo: person.address,
    deadline: Math.floor(Date.now() / 1000) + 600,
    slippageBps: 50,
  });
}

/** The deposit instructions: the deposit address's token account created if missing, then the transfer. */
async function deposit(depositAddress: string, amount = AMOUNT): Promise<Instruction[]> {
  const owner = address(depositAddress);
  const [ata] = await findAssociatedTokenPda({ owner, mint: USDC, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: person, ata, owner, mint: USDC }),
    getTransferCheckedInstruction({ source, mint: USDC, destination: ata, authority: person, amount, decimals: 6 }),
  ];
}

/** The transaction as li.quest gives it: compiled on the RPC's latest blockhash, base64, signatures empty. */
async function serialized(instructions: Instruction[], feePayer: string = person.address): Promise<string> {
  const { value: lifetime } = await createSolanaRpc(server.url).getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

const check = (transaction: string): Promise<SolanaVerdict> =>
  checkSolanaTransaction({
    transaction,
    choice: choice(),
    rpcUrl: server.url,
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
      owned: source,
      owner: person,
      authorityType: AuthorityType.AccountOwner,
      newAuthority: thief,
    });
    const handed = await check(await serialized([...(await deposit(depositAddress)), handOver]));
    expect(refusalsOf(handed)).toEqual([
      [
        'SET_AUTHORITY',
        `Blocked for your safety: the transaction hands the authority over token account ${source} to someone else.`,
      ],
    ]);
    const approve = getApproveInstruction({ source, delegate: thief, owner: person, amount: AMOUNT * 2n });
    const approved = await check(await serialized([...(await deposit(depositAddress)), approve]));
    expect(refusalsOf(approved).map(([code]) => code)).toEqual(['APPROVE']);
    // Within the amount the instruction passes, but the simulation sees the delegate it leaves in charge.
    const within = getApproveInstruction({ source, delegate: thief, owner: person, amount: 1n });
    const left = await check(await serialized([...(await deposit(depositAddress)), within]));
    expect(refusalsOf(left)).toEqual([
      [
        'AUTHORITY_LEFT',
        `Blocked for your safety: the transaction leaves ${thief} in charge of your token account ${source}.`,
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
    solana.svm.warpToSlot(solana.slot + 151n);
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
