import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
} from '@solana/kit';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalog } from '../../../server/catalog/catalog';
import { issueOneClickQuote, oneClickStatus } from '../../../server/devnet/oneClickQuotes';
import { SolanaDevnet } from '../../../server/devnet/solana';
import { type SolanaRpcServer, startSolanaRpc } from '../../../server/devnet/solanaRpc';
import { SOLANA_CHAIN_ID } from '../../chains/trustedRpc';
import { NEAR_INTENTS_DEVNET_KEYS } from '../../checks/promises/nearIntentsConfig';
import type { SolanaSourceChoice } from '../../checks/solana/solanaChoice';
import { WalletRejectedError } from '../../wallet/errors';
import { type SendFromSolanaStage, SolanaSendError, sendFromSolana } from './sendFromSolana';

/**
 * A transfer from Solana on the devnet's SVM (litesvm behind its JSON-RPC): 25 USDC deposited at a 1Click deposit
 * address for USDC on Base, checked, signed by a wallet holding the person's key, sent through the trusted RPC and
 * read back; a wallet that changes what it signs, or declines, sends nothing.
 */

const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const RECEIVER = '0x1111111111111111111111111111111111111111';
const AMOUNT = 25_000_000n;
const MIN_OUT = 24_900_000n;

let solana: SolanaDevnet;
let server: SolanaRpcServer;
let person: KeyPairSigner;

beforeAll(async () => {
  solana = await SolanaDevnet.start(getCatalog());
  server = await startSolanaRpc(solana);
  person = await generateKeyPairSigner();
  await solana.transferSol(person.address, 1_000_000_000n);
  await solana.fund(person.address, USDC, 100_000_000n);
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

const quote = () =>
  issueOneClickQuote({
    transactionId: `0x${crypto.randomUUID().replaceAll('-', '')}`,
    fromChainId: SOLANA_CHAIN_ID,
    toChainId: 8453,
    sendingToken: USDC,
    toToken: BASE_USDC,
    amountIn: AMOUNT,
    minAmountOut: MIN_OUT,
    recipient: RECEIVER,
    refundTo: person.address,
    deadline: Math.floor(Date.now() / 1000) + 600,
    slippageBps: 50,
  });

async function deposit(depositAddress: string, amount = AMOUNT): Promise<Instruction[]> {
  const owner = address(depositAddress);
  const [source] = await findAssociatedTokenPda({
    owner: person.address,
    mint: USDC,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  const [ata] = await findAssociatedTokenPda({ owner, mint: USDC, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: person, ata, owner, mint: USDC }),
    getTransferCheckedInstruction({ source, mint: USDC, destination: ata, authority: person, amount, decimals: 6 }),
  ];
}

/** As li.quest gives a step's transaction: on the latest blockhash, base64, signatures empty. */
async function serialized(instructions: Instruction[]): Promise<string> {
  const { value: lifetime } = await createSolanaRpc(server.url).getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(person.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

/** A wallet holding the person's key: signs what it is given, or what `change` makes of it. */
function wallet(change?: (transaction: string) => Promise<string>) {
  const asked: string[] = [];
  return {
    asked,
    session: {
      address: person.address,
      async signTransaction(transaction: string): Promise<string> {
        asked.push(transaction);
        const bytes = getBase64Encoder().encode(change ? await change(transaction) : transaction);
        const signed = await signTransaction([person.keyPair], getTransactionDecoder().decode(bytes));
        return getBase64EncodedWireTransaction(signed);
      },
    },
  };
}

const send = (transaction: string, session: ReturnType<typeof wallet>['session'], stages: SendFromSolanaStage[] = []) =>
  sendFromSolana({
    transaction,
    session,
    choice: choice(),
    rpcUrl: server.url,
    minAmountOut: MIN_OUT,
    bridge: {
      kind: 'nearIntents',
      config: { ...NEAR_INTENTS_DEVNET_KEYS, oneClickUrl: 'http://127.0.0.1:9/1click' },
      status: async (depositAddress) => oneClickStatus(depositAddress),
    },
    pollMs: 50,
    onStage: (stage) => stages.push(stage),
  });

describe('sendFromSolana on the devnet VM', () => {
  it('checks, has the wallet sign, sends through the trusted RPC and reads the deposit back as checked', async () => {
    const { depositAddress } = quote();
    const before = await solana.tokenBalance(person.address, USDC);
    const stages: SendFromSolanaStage[] = [];
    const { session, asked } = wallet();
    const sent = await send(await serialized(await deposit(depositAddress)), session, stages);
    expect(stages).toEqual(['checking', 'signing', 'sending', 'confirming']);
    expect(asked).toHaveLength(1);
    expect(sent).toMatchObject({ depositAddress, proven: true, fee: 5_000n });
    expect(sent.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await solana.tokenBalance(depositAddress, USDC)).toBe(AMOUNT);
    expect(await solana.tokenBalance(person.address, USDC)).toBe(before - AMOUNT);
  });

  it('refuses before the wallet is asked when the service raised the amount', async () => {
    const { depositAddress } = quote();
    const { session, asked } = wallet();
    const error = await send(await serialized(await deposit(depositAddress, AMOUNT + 1n)), session).catch((e) => e);
    expect(error).toBeInstanceOf(SolanaSendError);
    expect(error.shortMessage).toMatch(/^Blocked for your safety: the transaction takes 25000001 of the chosen token/);
    expect(asked).toEqual([]);
  });

  it('sends nothing when the wallet signs a transaction that pays someone else too', async () => {
    const { depositAddress } = quote();
    const thief = (await generateKeyPairSigner()).address;
    const before = await solana.tokenBalance(person.address, USDC);
    const { session, asked } = wallet(async () =>
      serialized([...(await deposit(depositAddress)), ...(await deposit(thief, 1_000_000n))]),
    );
    const error = await send(await serialized(await deposit(depositAddress)), session).catch((e) => e);
    expect(asked).toHaveLength(1);
    expect(error).toBeInstanceOf(SolanaSendError);
    expect(error.shortMessage).toMatch(
      /^Your Solana wallet changed the transaction before signing it, and the changed one is refused: Blocked for your safety: /,
    );
    expect(error.shortMessage).toContain(thief);
    expect(await solana.tokenBalance(person.address, USDC)).toBe(before);
    expect(await solana.tokenBalance(thief, USDC)).toBe(0n);
  });

  it('accepts a wallet that signs the same deposit on a fresher blockhash, checked again', async () => {
    const { depositAddress } = quote();
    const { session } = wallet(async () => serialized(await deposit(depositAddress)));
    const sent = await send(await serialized(await deposit(depositAddress)), session);
    expect(sent.depositAddress).toBe(depositAddress);
  });

  it('passes a decline on in words, and sends nothing', async () => {
    const { depositAddress } = quote();
    const before = await solana.tokenBalance(person.address, USDC);
    const declining = {
      address: person.address,
      signTransaction: async () => Promise.reject(new WalletRejectedError('the transfer')),
    };
    const error = await send(await serialized(await deposit(depositAddress)), declining).catch((e) => e);
    expect(error).toBeInstanceOf(WalletRejectedError);
    expect(await solana.tokenBalance(person.address, USDC)).toBe(before);
  });

  it('refuses a wallet connected to another account than the one the routes were asked for', async () => {
    const other = await generateKeyPairSigner();
    const error = await send(await serialized(await deposit(quote().depositAddress)), {
      address: other.address,
      signTransaction: async () => '',
    }).catch((e) => e);
    expect(error.name).toBe('WalletStateError');
  });
});
