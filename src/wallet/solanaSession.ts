import {
  type Address,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit';
import * as v from 'valibot';
import { i18n } from '#i18n';
import {
  SolanaWalletFeatureError,
  WalletRejectedError,
  WalletRequestError,
  WalletStateError,
  WalletUnavailableError,
} from './errors';
import {
  SolanaConnectAnswerSchema,
  SolanaSignAnswerSchema,
  SolanaTransactionBase64Schema,
  type SolanaWalletInfo,
} from './pageChannelSchemas';
import { READ_TIMEOUT_MS, type TabWallet } from './tabWallet';

/**
 * The person's Solana wallet in a tab, connected: found as Solana wallets announce themselves (the Wallet Standard),
 * reached through the same relay and page script as the EVM wallet (pageSolanaWallets.ts in the page).
 *
 * - `walletId`, `walletName`: the wallet among the tab's `solanaWallets` (ids hold for the page's lifetime; a new
 *   session finds the wallet again by name).
 * - `address`: the connected account, a base58 public key (checked by Solana's own library).
 * - `signTransaction(transaction)`: a serialized transaction (base64, as li.quest gives a step's) in, the wallet's
 *   signed one out (base64). Refused without asking when the wallet lacks `solana:signTransaction`
 *   (SolanaWalletFeatureError); a person declining is a WalletRejectedError. The answer is checked to carry a valid
 *   signature of `address` over its own message; the wallet may still have changed that message (the standard lets a
 *   wallet return a modified transaction), so the signing flow compares it with what it checked before sending.
 * - `onAccountChange(listener)`: the wallet's `standard:events` change, base58 addresses (the first is the account).
 *
 * Obtained with `connectSolanaWallet(tab, walletId)` from a TabWallet (openTabWallet): the popup asks the person
 * (`standard:connect`); the background, carrying a transfer on, passes `{ silent: true }`, so the wallet answers only
 * if the account is still shared, and compares `address` with the one recorded.
 */
export type SolanaWalletSession = {
  readonly walletId: string;
  readonly walletName: string;
  readonly address: Address;
  signTransaction(transaction: string, what?: string): Promise<string>;
  onAccountChange(listener: (addresses: Address[]) => void): () => void;
};

export type ConnectSolanaWalletOptions = {
  /** Ask the wallet for the accounts already shared, without a prompt (`standard:connect` with `silent`). */
  silent?: boolean;
};

/** Connects to the tab's Solana wallet `walletId`; throws a wallet error with words when it cannot. */
export async function connectSolanaWallet(
  tab: TabWallet,
  walletId: string,
  options: ConnectSolanaWalletOptions = {},
): Promise<SolanaWalletSession> {
  const wallet = tab.solanaWallets?.find((w) => w.id === walletId);
  if (!wallet) throw new WalletUnavailableError(i18n.t('wallet.solana.noWallet'));
  const what = i18n.t('wallet.what.connection');
  const asked = tab
    .request(walletId, 'standard:connect', [options.silent ? { silent: true } : {}], what)
    .catch((err: unknown) => {
      throw readWalletError(err, wallet, what);
    });
  const answer = options.silent ? await withTimeout(asked, what) : await asked;
  const parsed = v.safeParse(SolanaConnectAnswerSchema, answer);
  if (!parsed.success) throw new WalletRequestError(i18n.t('wallet.unreadableAccounts'), undefined);
  const [address] = parsed.output.accounts as Address[];
  if (!address) throw new WalletStateError(i18n.t('wallet.noAccount'));

  return {
    walletId,
    walletName: wallet.name,
    address,
    async signTransaction(transaction, signingWhat = i18n.t('wallet.what.transfer')) {
      if (!wallet.features.includes('solana:signTransaction')) throw new SolanaWalletFeatureError(wallet.name);
      if (!v.is(SolanaTransactionBase64Schema, transaction)) {
        throw new WalletRequestError(i18n.t('wallet.solana.unreadableTransaction'), undefined);
      }
      const signed = await tab
        .request(walletId, 'solana:signTransaction', [{ account: address, transaction }], signingWhat)
        .catch((err: unknown) => {
          throw readWalletError(err, wallet, signingWhat);
        });
      const read = v.safeParse(SolanaSignAnswerSchema, signed);
      if (!read.success) throw new WalletRequestError(i18n.t('wallet.solana.unreadableSigned'), undefined);
      await assertSignedBy(read.output.signedTransaction, address);
      return read.output.signedTransaction;
    },
    onAccountChange(listener) {
      return tab.onEvent((event) => {
        if (event.walletId !== walletId || event.event !== 'accountsChanged') return;
        const read = v.safeParse(SolanaConnectAnswerSchema, { accounts: event.data });
        if (read.success) listener(read.output.accounts as Address[]);
      });
    },
  };
}

/** The wallet's refusal in words: declined by the person, the feature missing, or its own message. */
function readWalletError(err: unknown, wallet: SolanaWalletInfo, what: string): unknown {
  if (!(err instanceof WalletRequestError)) return err;
  // Wallet Standard has no error codes of its own: Phantom answers 4001, others "User rejected the request".
  if (/reject|declin|denied|cancel/i.test(err.details ?? '')) return new WalletRejectedError(what, err);
  if (err.code === 4200) return new SolanaWalletFeatureError(wallet.name);
  return err;
}

/** Waits for a silent answer as long as a page's read may take (a wallet that prompts anyway is not waited for). */
function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletUnavailableError(i18n.t('wallet.noAnswer', [what]))), READ_TIMEOUT_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The signed transaction holds a valid signature by `address` over its message, or it is refused in words. */
async function assertSignedBy(signedTransaction: string, address: Address): Promise<void> {
  let valid = false;
  try {
    const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(signedTransaction));
    const signature = decoded.signatures[address];
    if (signature) {
      const key = await getPublicKeyFromAddress(address);
      valid = await verifySignature(key, signature as SignatureBytes, decoded.messageBytes);
    }
  } catch {
    valid = false;
  }
  if (!valid) throw new WalletRequestError(i18n.t('wallet.solana.notSigned'), undefined);
}
