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

/** The person stopped waiting for the wallet to answer. Whatever the wallet does later is not awaited. */
export class WalletStoppedError extends BaseError {
  override name = 'WalletStoppedError';
}

/**
 * The Solana wallet does not offer what the extension needs of it (`solana:signTransaction`): nothing was asked, the
 * person needs another wallet. Said with the wallet's name.
 */
export class SolanaWalletFeatureError extends BaseError {
  override name = 'SolanaWalletFeatureError';
  constructor(walletName: string) {
    super(i18n.t('wallet.solana.cannotSign', [walletName]));
  }
}
