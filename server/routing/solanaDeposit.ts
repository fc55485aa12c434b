import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  blockhash as asBlockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { COMPUTE_BUDGET_PROGRAM } from '../../src/checks/solana/programs';
import { isNativeToken } from '../../src/schemas/primitives';
import { issueOneClickQuote } from '../devnet/oneClickQuotes';
import { type PricedRoute, SOLANA_DEPOSIT_COMPUTE_UNITS, SOLANA_DEPOSIT_MICROLAMPORTS_PER_UNIT } from './priceRoute';
import type { RoutingContext } from './routingContext';
import { SOLANA_SYSTEM_PROGRAM } from './solanaSource';
import { transactionIdOf } from './transaction';

/** How long 1Click's quote behind a deposit address stays open, in seconds. */
const QUOTE_VALIDITY_SEC = 30 * 60;

/** A route's transaction on Solana: serialized as li.quest gives it, and the deposit it makes. */
export type SolanaDeposit = {
  /** The versioned transaction, base64, its signature slot empty: what the person's wallet signs. */
  data: string;
  depositAddress: string;
  quoteId: `0x${string}`;
  /** LI.FI's transactionId of the step (the 1Click quote is kept under it). */
  transactionId: `0x${string}`;
  blockhash: string;
  lastValidBlockHeight: bigint;
};

export type SolanaDepositInput = {
  route: PricedRoute;
  routeId: string;
  /** The person's base58 key: the fee payer, the owner of the token account paid from, and 1Click's refund address. */
  from: string;
  /** Who 1Click pays on the destination (an EVM address). */
  recipient: string;
  /** Seconds since the epoch. */
  now: number;
};

/** SetComputeUnitLimit (2) and SetComputeUnitPrice (3), as Solana wallets and li.quest's transactions carry them. */
function computeBudget(): Instruction[] {
  const limit = new Uint8Array(5);
  limit[0] = 2;
  new DataView(limit.buffer).setUint32(1, Number(SOLANA_DEPOSIT_COMPUTE_UNITS), true);
  const price = new Uint8Array(9);
  price[0] = 3;
  new DataView(price.buffer).setBigUint64(1, SOLANA_DEPOSIT_MICROLAMPORTS_PER_UNIT, true);
  const program = address(COMPUTE_BUDGET_PROGRAM);
  return [
    { programAddress: program, data: limit },
    { programAddress: program, data: price },
  ];
}

/** A blockhash no cluster knows, for the service without a devnet (it executes nothing). */
function unknownBlockhash() {
  return { blockhash: getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(32))), lastValidBlockHeight: 0n };
}

/**
 * The deposit a route from Solana is: 1Click's quote for it (its own one-time deposit address, signed, paying the
 * receiver what the route promises), then the transaction paying that address exactly the amount chosen: a System
 * transfer of SOL, or for an SPL token the deposit address's associated token account created if missing and a
 * `TransferChecked` from the person's; after the compute budget. Version 0, the person the fee payer, on a fresh
 * blockhash of the devnet's Solana.
 */
export async function buildSolanaDeposit(ctx: RoutingContext, input: SolanaDepositInput): Promise<SolanaDeposit> {
  const { route, from, recipient, now } = input;
  const { request } = route;
  const { fromToken, fromAmount } = request;
  const native = isNativeToken(fromToken.address);
  const transactionId = transactionIdOf(input.routeId);
  const quote = issueOneClickQuote({
    transactionId,
    fromChainId: request.fromChain.id,
    toChainId: request.toChain.id,
    sendingToken: native ? SOLANA_SYSTEM_PROGRAM : fromToken.address,
    toToken: request.toToken.address,
    amountIn: fromAmount,
    minAmountOut: route.toAmountMin,
    amountOut: route.toAmount,
    recipient,
    refundTo: from,
    deadline: now + QUOTE_VALIDITY_SEC,
    slippageBps: Math.round(request.slippage * 10_000),
  });
  const person = createNoopSigner(address(from));
  const deposit: Address = address(quote.depositAddress);
  const transfer: Instruction[] = [];
  if (native) {
    transfer.push(getTransferSolInstruction({ source: person, destination: deposit, amount: fromAmount }));
  } else {
    const mint = address(fromToken.address);
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: person.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: deposit, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ]);
    transfer.push(
      getCreateAssociatedTokenIdempotentInstruction({ payer: person, ata: destination, owner: deposit, mint }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: person,
        amount: fromAmount,
        decimals: fromToken.decimals,
      }),
    );
  }
  const lifetime = ctx.solanaBlockhash?.() ?? unknownBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(person, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: asBlockhash(lifetime.blockhash), lastValidBlockHeight: lifetime.lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions([...computeBudget(), ...transfer], m),
  );
  return {
    data: getBase64EncodedWireTransaction(compileTransaction(message)),
    depositAddress: quote.depositAddress,
    quoteId: quote.quoteId,
    transactionId,
    blockhash: lifetime.blockhash,
    lastValidBlockHeight: lifetime.lastValidBlockHeight,
  };
}
