import { i18n } from '#i18n';
import { BaseError } from '../../errors/base';

/** What the check of a Solana transaction found wrong: one code per kind, for tests and logs. */
export type SolanaRefusalCode =
  | 'UNREADABLE'
  | 'LOOKUP_TABLES'
  | 'FEE_PAYER'
  | 'UNKNOWN_PROGRAM'
  | 'SYSTEM_INSTRUCTION'
  | 'TOKEN_INSTRUCTION'
  | 'SET_AUTHORITY'
  | 'APPROVE'
  | 'CLOSE_ACCOUNT'
  | 'PRIORITY_FEE'
  | 'STALE_BLOCKHASH'
  | 'BLOCKHASH_UNREAD'
  | 'SIM_UNAVAILABLE'
  | 'SIM_FAILED'
  | 'OTHER_TOKEN'
  | 'AMOUNT'
  | 'LAMPORTS'
  | 'AUTHORITY_LEFT'
  | 'NO_DEPOSIT'
  | 'PAID_ELSEWHERE'
  | 'DEPOSIT_AMOUNT'
  | 'NO_RECEIVER'
  | 'QUOTE';

/** A Solana transaction refused before the wallet is asked: `shortMessage` says why, in the person's words. */
export class SolanaTransactionRefused extends BaseError {
  override name = 'SolanaTransactionRefused';
  readonly code: SolanaRefusalCode;
  constructor(code: SolanaRefusalCode, reason: string, options: { details?: string } = {}) {
    super(i18n.t('wallet.blocked', [reason]), { details: options.details });
    this.code = code;
  }
}
