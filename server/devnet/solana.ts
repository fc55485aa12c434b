import { createHash } from 'node:crypto';
import {
  type Address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  address as solanaAddress,
  type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintEncoder,
  getMintToCheckedInstruction,
  getTokenDecoder,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import type { Catalog } from '../catalog/catalog';
import type { CatalogToken } from '../catalog/catalogToken';
import { SOLANA_CHAIN_ID } from '../catalog/chainData';
import { type SolanaSimulation, simulateOn } from './solanaSimulation';
import { runRecorded, type SolanaTransactionRecord } from './solanaTransactions';

/** The bridge assets the devnet mints on Solana, at their real mint addresses (catalog coin keys). */
const MINTED_COINS = ['USDC', 'USDT'];
/** What the relayer holds of each to pay bridge deliveries, in whole tokens. */
const RELAYER_INVENTORY = 50_000_000n;
const MINT_ACCOUNT_SIZE = 82n;
/** How many slots a blockhash stays valid after it was handed out, as on Solana (150 blocks). */
const BLOCKHASH_LIFETIME = 150n;

/** A blockhash to build a transaction on, and the last block height it can land in. */
export type SolanaBlockhash = { blockhash: string; lastValidBlockHeight: bigint };

/** What became of a transaction sent from outside (a person's wallet): run and recorded, or dropped unrun. */
export type SolanaSubmission =
  | { ran: true; record: SolanaTransactionRecord }
  | { ran: false; reason: 'BlockhashNotFound' | 'AlreadyProcessed' };

/** A bridge delivery the relayer made on Solana, found again by the source deposit it pays. */
export type SolanaDelivery = {
  depositId: string;
  /** Base58 transaction signature. */
  signature: string;
  /** Base58 public key of the person who receives (the owner of the token account paid). */
  receiver: string;
  /** Base58 SPL mint. */
  mint: string;
  amount: bigint;
  /** Seconds since the epoch. */
  timestamp: number;
};

/** A transaction the VM ran and failed: recorded all the same (a node answers it, with its error). */
export class SolanaTransactionFailed extends Error {
  override name = 'SolanaTransactionFailed';
  constructor(
    readonly signature: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The devnet's Solana: a real SVM in-process (litesvm) with the SPL Token and Associated Token programs, USDC and
 * USDT as real SPL mints at their mainnet addresses (the relayer is their mint authority here), and a relayer that
 * delivers bridged funds with real transfers into the receiver's associated token account. Deliveries are kept by
 * deposit id, beside the SVM they were made on (both live as long as the devnet), for the relayer's idempotence and
 * the status's receiving leg.
 */
export class SolanaDevnet {
  readonly chainId = SOLANA_CHAIN_ID;
  private readonly deliveries = new Map<string, SolanaDelivery>();
  /** Every transaction the devnet ran, by signature, as its JSON-RPC answers them (server/devnet/solanaRpc.ts). */
  private readonly transactions = new Map<string, SolanaTransactionRecord>();
  /**
   * Blockhashes handed out (getLatestBlockhash), with the last slot each is valid in. litesvm only knows its latest
   * one, and the relayer moves it on before each of its own transactions; the devnet checks a person's blockhash
   * against this list instead, as a node checks its recent blocks.
   */
  private readonly blockhashes = new Map<string, bigint>();
  /** Every account a transaction named: where getTokenAccountsByOwner looks (litesvm lists no accounts by owner). */
  private readonly named = new Set<Address>();
  /** Who follows transactions sent from outside (the relayer watching 1Click's deposit addresses). */
  private readonly submitted = new Set<(record: SolanaTransactionRecord) => void>();

  private constructor(
    readonly svm: LiteSVM,
    readonly relayer: KeyPairSigner,
    private readonly mints: ReadonlyMap<string, CatalogToken>,
  ) {}

  static async start(catalog: Catalog): Promise<SolanaDevnet> {
    // The blockhash is checked by the devnet itself (`submit`), against every blockhash still valid.
    const svm = new LiteSVM().withBlockhashCheck(false);
    // A fixed key: the same relayer on every start (its address shows in the explorer and in logs).
    const seed = createHash('sha256').update('bridge-companion devnet solana relayer').digest();
    const relayer = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed));
    svm.airdrop(relayer.address, lamports(1_000_000_000_000n));
    const mints = new Map<string, CatalogToken>();
    for (const token of catalog.tokensByChain.get(SOLANA_CHAIN_ID) ?? []) {
      if (MINTED_COINS.includes(token.coinKey ?? '')) mints.set(token.address, token);
    }
    const devnet = new SolanaDevnet(svm, relayer, mints);
    for (const token of mints.values()) await devnet.createMint(token);
    return devnet;
  }

  /** The SPL tokens the devnet runs (catalog tokens of Solana that have a mint here). */
  get tokens(): readonly CatalogToken[] {
    return [...this.mints.values()];
  }

  private async createMint(token: CatalogToken): Promise<void> {
    const mint = solanaAddress(token.address);
    const data = getMintEncoder().encode({
      mintAuthority: this.relayer.address,
      supply: 0n,
      decimals: token.decimals,
      isInitialized: true,
      freezeAuthority: null,
    });
    this.svm.setAccount({
      address: mint,
      data: new Uint8Array(data),
      executable: false,
      lamports: lamports(this.svm.minimumBalanceForRentExemption(MINT_ACCOUNT_SIZE)),
      programAddress: TOKEN_PROGRAM_ADDRESS,
      space: MINT_ACCOUNT_SIZE,
    });
    const inventory = await this.tokenAccount(this.relayer.address, mint);
    await this.send([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: this.relayer,
        ata: inventory,
        owner: this.relayer.address,
        mint,
      }),
      getMintToCheckedInstruction({
        mint,
        token: inventory,
        mintAuthority: this.relayer,
        amount: RELAYER_INVENTORY * 10n ** BigInt(token.decimals),
        decimals: token.decimals,
      }),
    ]);
  }

  private async tokenAccount(owner: Address, mint: Address): Promise<Address> {
    const [account] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    return account;
  }

  /** Signs with the relayer and runs one transaction; throws with the program logs when it fails. */
  private async send(instructions: Instruction[]): Promise<string> {
    // Every transaction gets a fresh blockhash: two identical transfers must not collide as duplicates.
    this.svm.expireBlockhash();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(this.relayer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: 0n },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const transaction = await signTransactionMessageWithSigners(message);
    const { record, result } = runRecorded(this.svm, transaction);
    // Failed ones too: a node answers them, with their error.
    this.keep(record);
    if (result instanceof FailedTransactionMetadata) {
      throw new SolanaTransactionFailed(
        record.signature,
        `Solana transaction failed: ${result.err().toString()} ${result.meta().logs().join(' | ')}`,
      );
    }
    return record.signature;
  }

  private keep(record: SolanaTransactionRecord): void {
    this.transactions.set(record.signature, record);
    for (const key of record.message.accountKeys) this.named.add(solanaAddress(key));
  }

  /** The blockhash a new transaction is built on (kept valid for 150 slots from the first time it is handed out). */
  latestBlockhash(): SolanaBlockhash {
    const blockhash = this.svm.latestBlockhash();
    let lastValid = this.blockhashes.get(blockhash);
    if (lastValid === undefined) {
      lastValid = this.slot + BLOCKHASH_LIFETIME;
      this.blockhashes.set(blockhash, lastValid);
    }
    return { blockhash, lastValidBlockHeight: lastValid };
  }

  /** Whether a transaction built on `blockhash` can still land (the devnet's block height is its slot). */
  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.blockhashes.get(blockhash);
    return lastValid !== undefined && this.slot <= lastValid;
  }

  /** Runs `transaction` on a throwaway copy of the state; with `replaceRecentBlockhash` its blockhash is not checked. */
  simulate(
    transaction: Transaction,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): SolanaSimulation | 'BlockhashNotFound' {
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(this.blockhashOf(transaction))) {
      return 'BlockhashNotFound';
    }
    return simulateOn(this.svm, transaction, { sigVerify: options.sigVerify });
  }

  /**
   * A signed transaction from outside, run and recorded as a node lands it (a failing one too: it pays its fee), or
   * dropped unrun when its blockhash is no longer valid or it already ran.
   */
  submit(transaction: Transaction): SolanaSubmission {
    if (!this.isBlockhashValid(this.blockhashOf(transaction))) return { ran: false, reason: 'BlockhashNotFound' };
    if (this.transactions.has(getSignatureFromTransaction(transaction)))
      return { ran: false, reason: 'AlreadyProcessed' };
    const { record } = runRecorded(this.svm, transaction);
    this.keep(record);
    for (const listener of this.submitted) listener(record);
    return { ran: true, record };
  }

  /** Calls `listener` with every transaction from outside that ran (failed ones too); returns how to stop. */
  onSubmitted(listener: (record: SolanaTransactionRecord) => void): () => void {
    this.submitted.add(listener);
    return () => this.submitted.delete(listener);
  }

  private blockhashOf(transaction: Transaction): string {
    return getCompiledTransactionMessageDecoder().decode(transaction.messageBytes).lifetimeToken;
  }

  /** Accounts any transaction named, and the associated token accounts of `owner` for the devnet's mints. */
  async knownAccounts(owner: string): Promise<Address[]> {
    const associated = await Promise.all(
      [...this.mints.keys()].map((mint) => this.tokenAccount(solanaAddress(owner), solanaAddress(mint))),
    );
    return [...new Set([...associated, ...this.named])];
  }

  /**
   * Gives `owner` `amount` of one of the devnet's mints from the relayer's inventory (a person's funds for tests and
   * the Dev Wallet); returns the transaction's signature.
   */
  async fund(owner: string, mint: string, amount: bigint): Promise<string> {
    return this.payToken(owner, mint, amount);
  }

  /** A transaction the devnet ran, as a node keeps it; undefined for any other signature. */
  transaction(signature: string): SolanaTransactionRecord | undefined {
    return this.transactions.get(signature);
  }

  /** The slot the next transaction runs in. */
  get slot(): bigint {
    return this.svm.getClock().slot;
  }

  /** The mint of a token this devnet runs, by catalog address; undefined for any other. */
  tokenOf(mint: string): CatalogToken | undefined {
    return this.mints.get(mint);
  }

  /** What the relayer can still pay of a mint. */
  async inventory(mint: string): Promise<bigint> {
    return this.tokenBalance(this.relayer.address, mint);
  }

  /** SPL balance of `owner` (its associated token account), 0 when it has none. */
  async tokenBalance(owner: string, mint: string): Promise<bigint> {
    const account = this.svm.getAccount(await this.tokenAccount(solanaAddress(owner), solanaAddress(mint)));
    return account.exists ? getTokenDecoder().decode(account.data).amount : 0n;
  }

  /** Lamports of an account. */
  solBalance(owner: string): bigint {
    return this.svm.getBalance(solanaAddress(owner)) ?? 0n;
  }

  /**
   * Pays a deposit on Solana: creates the receiver's associated token account when missing and transfers `amount`
   * of `mint` from the relayer's inventory, in one transaction. Paying a deposit twice returns the first delivery.
   */
  async deliver(depositId: string, receiver: string, mint: string, amount: bigint): Promise<SolanaDelivery> {
    const done = this.deliveries.get(depositId);
    if (done) return done;
    const signature = await this.payToken(receiver, mint, amount);
    const delivery: SolanaDelivery = {
      depositId,
      signature,
      receiver,
      mint,
      amount,
      timestamp: Math.floor(Date.now() / 1000),
    };
    this.deliveries.set(depositId, delivery);
    return delivery;
  }

  /** Creates `receiver`'s associated token account when missing and transfers `amount` of `mint` from the relayer. */
  private async payToken(receiver: string, mint: string, amount: bigint): Promise<string> {
    const token = this.mints.get(mint);
    if (!token) throw new Error(`the Solana devnet has no mint ${mint}`);
    const owner = solanaAddress(receiver);
    const mintAddress = solanaAddress(mint);
    const source = await this.tokenAccount(this.relayer.address, mintAddress);
    const destination = await this.tokenAccount(owner, mintAddress);
    return this.send([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: this.relayer,
        ata: destination,
        owner,
        mint: mintAddress,
      }),
      getTransferCheckedInstruction({
        source,
        mint: mintAddress,
        destination,
        authority: this.relayer,
        amount,
        decimals: token.decimals,
      }),
    ]);
  }

  /** The relayer pays SOL itself (a native-coin arrival); returns the transaction's signature. */
  async transferSol(receiver: string, amount: bigint): Promise<string> {
    return this.send([
      getTransferSolInstruction({
        source: this.relayer,
        destination: solanaAddress(receiver),
        amount: lamports(amount),
      }),
    ]);
  }

  delivery(depositId: string): SolanaDelivery | undefined {
    return this.deliveries.get(depositId);
  }

  /** A delivery by its transaction signature (the explorer's transaction page). */
  deliveryBySignature(signature: string): SolanaDelivery | undefined {
    return [...this.deliveries.values()].find((d) => d.signature === signature);
  }

  /** The latest deliveries, newest first (the explorer's chain page). */
  recentDeliveries(count: number): SolanaDelivery[] {
    return [...this.deliveries.values()].slice(-count).reverse();
  }

  /** The program logs of a transaction on the VM ([] when it has none on record). */
  transactionLogs(signature: string): string[] {
    const found = this.svm.getTransaction(signature as Signature);
    if (!found) return [];
    return found instanceof FailedTransactionMetadata ? found.meta().logs() : found.logs();
  }

  /** Every delivery to `receiver`, newest first (the explorer's account page). */
  deliveriesTo(receiver: string): SolanaDelivery[] {
    return [...this.deliveries.values()].filter((d) => d.receiver === receiver).reverse();
  }
}
