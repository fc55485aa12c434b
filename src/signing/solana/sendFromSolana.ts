import { getBase64Encoder, getSignatureFromTransaction, getTransactionDecoder } from '@solana/kit';
import { i18n } from '#i18n';
import { readSolanaBlockhashValid } from '../../chains/readSolanaBlockhashValid';
import { messageOf, readSolanaSignature } from '../../chains/readSolanaSignature';
import { sendSolanaTransaction } from '../../chains/sendSolanaTransaction';
import {
  type CheckSolanaTransactionParameters,
  checkSolanaTransaction,
  type SolanaVerdict,
} from '../../checks/solana/checkSolanaTransaction';
import { decodeSolanaTransaction } from '../../checks/solana/decodeSolanaTransaction';
import type { SolanaTransactionRefused } from '../../checks/solana/errors';
import { BaseError } from '../../errors/base';
import { WalletStateError } from '../../wallet/errors';
import type { SolanaWalletSession } from '../../wallet/solanaSession';

/**
 * A transfer from Solana, from the step's transaction to its landing: checked before the wallet is asked
 * (src/checks/solana/checkSolanaTransaction.ts), signed by the person's Solana wallet, checked again if the wallet
 * changed it, sent through the Solana RPC the extension trusts (never through the page), and read back there: it is
 * called sent only once the chain executed the very message that was checked.
 */

export type SendFromSolanaStage = 'checking' | 'signing' | 'sending' | 'confirming';

export type SendFromSolanaParameters = Omit<CheckSolanaTransactionParameters, 'now'> & {
  session: Pick<SolanaWalletSession, 'address' | 'signTransaction'>;
  onStage?(stage: SendFromSolanaStage): void;
  /** Between reads of the signature's landing (the devnet lands at once; mainnet within seconds). */
  pollMs?: number;
};

export type SendFromSolanaReturnType = {
  /** The transaction's signature, base58: its ID on Solana and for the routing service's status. */
  signature: string;
  slot: bigint;
  depositAddress: string;
  /** Whether the bridge's own signed quote vouches for the deposit address. */
  proven: boolean;
  fee: bigint;
  rent: bigint;
};

/** The Solana transaction was refused, or did not land as checked; `shortMessage` says why in words. */
export class SolanaSendError extends BaseError {
  override name = 'SolanaSendError';
}

export async function sendFromSolana(parameters: SendFromSolanaParameters): Promise<SendFromSolanaReturnType> {
  const { session, choice, rpcUrl } = parameters;
  if (session.address !== choice.fromAddress) throw new WalletStateError(i18n.t('wallet.accountSinceRoutes'));
  parameters.onStage?.('checking');
  const verdict = await checked(parameters, parameters.transaction);

  parameters.onStage?.('signing');
  const signed = await session.signTransaction(parameters.transaction);
  // The Wallet Standard lets a wallet return another transaction (a priority fee added, a fresher blockhash): what
  // it signed is checked again as a whole, and must still deposit at the same address.
  if (messageOf(signed) !== messageOf(parameters.transaction)) {
    const again = await checked(parameters, signed, 'solanaSend.walletChanged');
    if (again.depositAddress !== verdict.depositAddress) {
      throw new SolanaSendError(i18n.t('solanaSend.walletChanged', [i18n.t('solanaSend.otherDeposit')]));
    }
  }

  parameters.onStage?.('sending');
  const signature = await sendSolanaTransaction({ rpcUrl, transaction: signed });
  if (signature !== feePayerSignature(signed)) {
    throw new SolanaSendError(i18n.t('solanaSend.otherSignature', [signature]));
  }
  parameters.onStage?.('confirming');
  const slot = await landed(parameters, signed, signature);
  return { signature, slot, ...verdictFigures(verdict) };
}

type Accepted = Extract<SolanaVerdict, { ok: true }>;

/** The check's verdict on `transaction`, or its refusals in words (all of them, each a sentence). */
async function checked(
  parameters: SendFromSolanaParameters,
  transaction: string,
  wording?: 'solanaSend.walletChanged',
): Promise<Accepted> {
  const verdict = await checkSolanaTransaction({ ...parameters, transaction });
  if (verdict.ok) return verdict;
  const reasons = verdict.refusals.map((refusal: SolanaTransactionRefused) => refusal.shortMessage).join(' ');
  throw new SolanaSendError(wording ? i18n.t(wording, [reasons]) : reasons, {
    details: verdict.refusals.map((refusal) => refusal.code).join(','),
  });
}

const verdictFigures = ({ depositAddress, proven, fee, rent }: Accepted) => ({ depositAddress, proven, fee, rent });

/** The fee payer's signature of a signed wire transaction, base58: the ID the chain gives it. */
const feePayerSignature = (signed: string): string =>
  getSignatureFromTransaction(getTransactionDecoder().decode(getBase64Encoder().encode(signed)));

/**
 * Waits for the signature to land, read through the trusted RPC, for as long as its blockhash could still carry it
 * (after that it can never land): landed as checked, or a failure said in words.
 */
async function landed(parameters: SendFromSolanaParameters, signed: string, signature: string): Promise<bigint> {
  const { rpcUrl } = parameters;
  const blockhash = decodeSolanaTransaction(signed).recentBlockhash;
  for (;;) {
    const read = await readSolanaSignature({ rpcUrl, signature });
    if (read.state === 'landed') {
      if (read.messageBase64 !== messageOf(signed)) {
        throw new SolanaSendError(i18n.t('solanaSend.landedOther', [signature]));
      }
      if (read.failed) throw new SolanaSendError(i18n.t('solanaSend.failed', [signature]), { details: read.error });
      return read.slot;
    }
    if (!(await readSolanaBlockhashValid({ rpcUrl, blockhash }))) {
      // Read once more: it may have landed between the two reads.
      const last = await readSolanaSignature({ rpcUrl, signature });
      if (last.state === 'landed') continue;
      throw new SolanaSendError(i18n.t('solanaSend.expired', [signature]));
    }
    await new Promise((resolve) => setTimeout(resolve, parameters.pollMs ?? 1_000));
  }
}
