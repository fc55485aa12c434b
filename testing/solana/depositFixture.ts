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
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { getCatalog } from '../../server/catalog/catalog';
import { issueOneClickQuote } from '../../server/devnet/oneClickQuotes';
import { SolanaDevnet } from '../../server/devnet/solana';
import { type SolanaRpcServer, startSolanaRpc } from '../../server/devnet/solanaRpc';
import { SOLANA_CHAIN_ID } from '../../src/chains/trustedRpc';
import type { SolanaSourceChoice } from '../../src/checks/solana/solanaChoice';

/**
 * A person holding USDC on the devnet's Solana (litesvm behind its JSON-RPC) who deposits 25 USDC at a 1Click deposit
 * address for USDC on Base: what the Solana check's and the send flow's devnet tests share.
 */
export const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
export const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
export const RECEIVER = '0x1111111111111111111111111111111111111111';
export const AMOUNT = 25_000_000n;
export const MIN_OUT = 24_900_000n;

export type DepositFixture = {
  solana: SolanaDevnet;
  server: SolanaRpcServer;
  person: KeyPairSigner;
  /** The person's USDC token account. */
  source: Awaited<ReturnType<typeof findAssociatedTokenPda>>[0];
  choice(): SolanaSourceChoice;
  /** A 1Click quote for a deposit on Solana, as the twin issues one, paying `recipient` on Base. */
  quote(recipient?: string, amountIn?: bigint): ReturnType<typeof issueOneClickQuote>;
  /** The deposit instructions: the deposit address's token account created if missing, then the transfer. */
  deposit(depositAddress: string, amount?: bigint): Promise<Instruction[]>;
  /** The transaction as li.quest gives it: compiled on the RPC's latest blockhash, base64, signatures empty. */
  serialized(instructions: Instruction[], feePayer?: string): Promise<string>;
};

export async function startDepositFixture(): Promise<DepositFixture> {
  const solana = await SolanaDevnet.start(getCatalog());
  const server = await startSolanaRpc(solana);
  const person = await generateKeyPairSigner();
  await solana.transferSol(person.address, 1_000_000_000n);
  await solana.fund(person.address, USDC, 100_000_000n);
  const [source] = await findAssociatedTokenPda({
    owner: person.address,
    mint: USDC,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  return {
    solana,
    server,
    person,
    source,
    choice: () => ({
      fromChainId: SOLANA_CHAIN_ID,
      toChainId: 8453,
      fromToken: USDC,
      toToken: BASE_USDC,
      fromAmount: AMOUNT,
      fromAddress: person.address,
      toAddress: RECEIVER,
      slippage: 0.005,
    }),
    quote: (recipient = RECEIVER, amountIn = AMOUNT) =>
      issueOneClickQuote({
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
      }),
    async deposit(depositAddress, amount = AMOUNT) {
      const owner = address(depositAddress);
      const [ata] = await findAssociatedTokenPda({ owner, mint: USDC, tokenProgram: TOKEN_PROGRAM_ADDRESS });
      return [
        getCreateAssociatedTokenIdempotentInstruction({ payer: person, ata, owner, mint: USDC }),
        getTransferCheckedInstruction({ source, mint: USDC, destination: ata, authority: person, amount, decimals: 6 }),
      ];
    },
    async serialized(instructions, feePayer = person.address) {
      const { value: lifetime } = await createSolanaRpc(server.url).getLatestBlockhash().send();
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(address(feePayer), m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      );
      return getBase64EncodedWireTransaction(compileTransaction(message));
    },
  };
}
