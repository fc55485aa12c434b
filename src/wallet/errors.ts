import { i18n } from '#i18n';
import { BaseError } from '../errors/base';

/** The person declined in the wallet (EIP-1193 code 4001). Nothing was sent; the flow can be retried. */
export class WalletRejectedError extends BaseError {
  override name = 'WalletRejectedError';
  readonly code = 4001;
  constructor(what: string, cause?: unknown) {
    super(i18n.t('wallet.declined', [what]), { cause });
  }
}

/** Any other error answered by the wallet (EIP-1193 / JSON-RPC error object). */
export class WalletRequestError extends BaseError {
  override name = 'WalletRequestError';
  readonly code: number | undefined;
  constructor(shortMessage: string, code: number | undefined, details?: string) {
    super(shortMessage, { details });
    this.code = code;
  }
}

/** The tab cannot host a wallet (browser page, extension page, no wallet injected...). */
export class WalletUnavailableError extends BaseError {
  override name = 'WalletUnavailableError';
}

/** The wallet is on another chain or account than the one the transfer needs. */
export class WalletStateError extends BaseError {
  override name = 'WalletStateError';
}

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
  // What the simulation through the trusted RPC shows (src/simulation/).
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

/** The person stopped waiting for the wallet to answer. Whatever the wallet does later is not awaited. */
export class WalletStoppedError extends BaseError {
  override name = 'WalletStoppedError';
}
