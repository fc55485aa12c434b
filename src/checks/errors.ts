import { i18n } from '#i18n';
import { BaseError } from '../errors/base';

/** What a check before signing found wrong: one code per kind of mismatch, for tests and logs. */
export type GuardCode =
  | 'CHAIN_MISMATCH'
  | 'FROM_MISMATCH'
  | 'UNKNOWN_TARGET'
  | 'VALUE_MISMATCH'
  | 'EMPTY_CALLDATA'
  | 'UNDECODABLE_CALLDATA'
  | 'WRONG_FUNCTION'
  | 'TOKEN_MISMATCH'
  | 'AMOUNT_MISMATCH'
  | 'RECIPIENT_MISMATCH'
  | 'DESTINATION_MISMATCH'
  | 'MINIMUM_TOO_LOW'
  | 'DESTINATION_CALL'
  | 'ROUTE_MISMATCH'
  | 'REFUND_MISMATCH'
  | 'GAS_MISMATCH'
  | 'APPROVAL_AMOUNT'
  | 'APPROVAL_SPENDER'
  | 'APPROVAL_TOKEN'
  // What the simulation through the trusted RPC shows (src/checks/simulation/).
  | 'SIM_REVERTED'
  | 'SIM_INSUFFICIENT_BALANCE'
  | 'SIM_OTHER_ASSET'
  | 'SIM_AMOUNT'
  | 'SIM_APPROVAL_SPENDER'
  | 'SIM_ALLOWANCE_LEFT'
  | 'SIM_NO_DEPOSIT'
  | 'SIM_DEPOSIT_MISMATCH'
  | 'SIM_MINIMUM'
  | 'SIM_PAID_ELSEWHERE'
  | 'SIM_UNAVAILABLE';

/** A transaction was refused before reaching the wallet because it does not do what the chosen route says. */
export class TransactionGuardError extends BaseError {
  override name = 'TransactionGuardError';
  readonly code: GuardCode;
  /**
   * `plain`: the reason is already a whole sentence for the person (a transfer the chain would refuse, such as one
   * beyond the balance, is no attack to be "blocked for"); `details`: raw data (revert bytes) for logs, never the UI.
   */
  constructor(code: GuardCode, reason: string, options: { plain?: boolean; details?: string } = {}) {
    super(options.plain ? reason : i18n.t('wallet.blocked', [reason]), { details: options.details });
    this.code = code;
  }
}
