/**
 * Names shared by the popup, the relay content script and the MAIN-world page script. Kept apart from the schemas so
 * the MAIN-world script bundles none of valibot.
 *
 * Transport: the popup talks to the relay over a runtime Port (`WALLET_PORT_NAME`); the relay talks to the page script
 * with window CustomEvents named `bridge-companion:<nonce>:in|out` whose detail is a JSON string (objects do not
 * cross worlds reliably). The nonce is fresh per popup session so stale page scripts and other scripts' events are
 * ignored. The page can still observe and forge these events: it is untrusted, and the popup checks everything.
 */
export const WALLET_PORT_NAME = 'bridge-companion/wallet-relay';
/** Event the relay fires with the session nonce, so the page script knows which channel to use. */
export const PAGE_CHANNEL_HELLO_EVENT = 'bridge-companion:hello';
export const pageChannelName = (nonce: string) => `bridge-companion:${nonce}`;

/** Methods the page script forwards: an allow-list, so nothing else (e.g. message signing) can go through it. */
export const RELAYED_METHODS = [
  'eth_requestAccounts',
  'eth_accounts',
  'eth_chainId',
  'eth_call',
  'eth_getBalance',
  'eth_getTransactionReceipt',
  'eth_estimateGas',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  // EIP-2255: the popup's "Switch account" asks the wallet to let the person pick the account again.
  'wallet_requestPermissions',
  // EIP-5792: the approval and the transfer as one atomic batch where the wallet supports it (batchCalls.ts).
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
] as const;
export type RelayedMethod = (typeof RELAYED_METHODS)[number];

/**
 * Solana wallets (the Wallet Standard): the features the page script calls, by their standard names, on the same
 * `request` message. `standard:connect` takes `[{ silent?: boolean }]` and answers `{ accounts: base58[] }`;
 * `solana:signTransaction` takes `[{ account: base58, transaction: base64 }]` and answers
 * `{ signedTransaction: base64 }`. Nothing else (message signing, sign-and-send) goes through.
 */
export const SOLANA_RELAYED_METHODS = ['standard:connect', 'solana:signTransaction'] as const;
export type SolanaRelayedMethod = (typeof SOLANA_RELAYED_METHODS)[number];

/**
 * The Wallet Standard chain a Solana wallet must offer: mainnet. The devnet answers as Solana itself (LI.FI's
 * SOLANA_CHAIN_ID, the mints at their mainnet addresses), so the Dev Wallet names its chain mainnet too, as its EVM
 * side uses the real chain IDs.
 */
export const SOLANA_WALLET_CHAIN = 'solana:mainnet';
/** Features a Solana wallet is listed with (what it offers of them): signing, and signing and sending. */
export const SOLANA_SIGNING_FEATURES = ['solana:signTransaction', 'solana:signAndSendTransaction'] as const;
/** Solana wallets' ids in the page script: `solana:` and their registration order (Wallet Standard has no id). */
export const SOLANA_WALLET_ID_PREFIX = 'solana:';

/** Popup → relay → bridge. */
export type ToPage =
  | { type: 'discover' }
  | {
      type: 'request';
      id: number;
      walletId: string;
      method: RelayedMethod | SolanaRelayedMethod;
      params?: unknown[];
    };

/** Popup → relay (first message on the port). */
export type RelayInit = { type: 'init'; nonce: string };

/**
 * Popup → relay: the transfer's eth_sendTransaction carries the watch ID the popup registered with the background
 * (expectTransfer). The relay keeps it and forwards the request without it: the page never sees the ID.
 */
export type WatchedRequest = Extract<ToPage, { type: 'request' }> & { watchId?: string };

/** Watch IDs are 128 random bits in lower-case hex. */
export const WATCH_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * How long the relay keeps listening for a watched answer after the popup closed: as long as the background keeps
 * the expectation (EXPECTATION_TTL_MS in src/background/transfers/expectations.ts); a later answer would be refused.
 */
export const WATCH_KEEPALIVE_MS = 30 * 60_000;
