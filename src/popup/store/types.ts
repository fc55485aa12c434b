import type { TransferChoice } from '../../model/choice';
import type { LookupAnswer } from '../../model/lookup';
import type { RouteProofs } from '../../model/routeProofs';
import type { PublicSettings } from '../../model/settings';
import type { ExecutionRecord, ExecutionStage, SentTransfer, TransferRecord } from '../../model/transfer';
import type { Chain, Token, Tool } from '../../schemas/catalog';
import type { RouteOrder } from '../../schemas/requests';
import type { Route } from '../../schemas/route';
import type { WalletInfo } from '../../wallet/pageChannelSchemas';

export type View = 'transfer' | 'activity' | 'settings';

export type CatalogSlice = {
  chains: Chain[];
  tools: Tool[];
  catalogStatus: 'loading' | 'ready' | 'error';
  catalogError?: string;
  /** The failure may come from the routing service's settings (src/popup/serviceBlame.ts): the error points there. */
  catalogBlamesSettings?: boolean;
  loadCatalog(): Promise<void>;
};

export type FormSlice = {
  fromChainId?: number;
  fromToken?: Token;
  toChainId?: number;
  toToken?: Token;
  amountText: string;
  recipientText: string;
  /**
   * Solana's address check (@solana/addresses), loaded when a Solana destination is shown: most people never pick
   * one, and the popup's first paint does not carry it.
   */
  solanaCheck?: (text: string) => boolean;
  loadSolanaCheck(): Promise<void>;
  /** viem's EIP-55 checksum for a 0x recipient, loaded as the popup opens (its keccak stays out of the first paint). */
  evmChecksum?: (address: string) => string;
  loadEvmChecksum(): Promise<void>;
  slippage: number;
  order: RouteOrder;
  setFromChain(chainId: number): void;
  setToChain(chainId: number): void;
  setFromToken(token: Token): void;
  setToToken(token: Token): void;
  setAmountText(text: string): void;
  setRecipientText(text: string): void;
  /** The background's answer for the ENS name typed (`typed`, trimmed), once looked up on Ethereum. */
  ens?: { typed: string; answer: import('../validation').EnsAnswer };
  /** Looks the typed name up again (the review's check), without changing the form. */
  recheckRecipientName(): Promise<import('../validation').EnsAnswer | undefined>;
  /** Takes a newer answer for the typed name into the form (after the review found the name moved). */
  applyEnsAnswer(typed: string, answer: import('../validation').EnsAnswer): void;
  setSlippage(slippage: number): void;
  setOrder(order: RouteOrder): void;
  flip(): void;
  /** Reads the balance again, then fills the amount with all of it (less a gas reserve for the native coin). */
  setMax(): Promise<void>;
  /** The form as the person left it when the popup last closed (src/popup/memory.ts). */
  restoreForm(form: NonNullable<import('../../storage/popupMemory').PopupMemory['form']>): Promise<void>;
  /** Prefill from the explorer card (takePrefill) or the popup URL; unknown tokens are looked up. */
  applyPrefill(prefill: {
    fromChainId?: number;
    fromTokenAddress?: string;
    toChainId?: number;
    toTokenAddress?: string;
    amount?: string;
  }): Promise<void>;
};

export type RoutesStatus = 'idle' | 'waiting' | 'loading' | 'ready' | 'empty' | 'error';

export type RoutesSlice = {
  routesStatus: RoutesStatus;
  /** Routes verified against `routesChoice`; only these are shown and sent. */
  routes: Route[];
  /** What the person chose on the form when these routes were asked for: the reference for showing and signing. */
  routesChoice?: TransferChoice;
  routesMessage?: string;
  /** A failed search that the routing service's settings may explain (src/popup/serviceBlame.ts). */
  routesBlameSettings?: boolean;
  /** The search's proofs of what bridges alone set: routes left out, and each listed route's unproven figures. */
  routeProofs?: RouteProofs;
  selectedRouteId?: string;
  /**
   * The route of a stopped attempt the person tries again (its choice, bridge and number of steps): the new search
   * for the same choice selects that bridge's route again, quoted afresh, rather than the top one.
   */
  retryRoute?: { choice: TransferChoice; tool: string; steps: number };
  fetchedAt?: number;
  nextRefreshAt?: number;
  /** While a search waits: epoch ms until which the service asked the extension to hold its requests. */
  routesHeldUntil?: number;
  /**
   * After a search: what is left of the route searches (when the service says) and until when they are held (a
   * 429 whose reset is far). `low`: few left, so no refresh on its own.
   */
  routesAllowance?: {
    remaining?: number;
    limit?: number;
    resetAt?: number;
    low?: boolean;
    keyed?: boolean;
    heldUntil?: number | undefined;
  };
  valueLossAcknowledged: boolean;
  /**
   * Gas on arrival the person chose on the review (`fromAmountForGas`), for the form's request `base` (its JSON): a
   * form changed since asks without it. `without`: the routes shown before, for taking the choice back.
   */
  gasOnArrival?: {
    fromAmountForGas: bigint;
    base: string;
    without?: Pick<PopupState, 'routes' | 'routesChoice' | 'selectedRouteId' | 'fetchedAt'>;
  };
  /** While the review asks for the route with gas on arrival, or after the service offered none for its bridge. */
  gasOnArrivalStatus?: 'asking' | 'none';
  /** Asks the routes again with gas on arrival and selects the same bridge's route of as many steps, if offered. */
  chooseGasOnArrival(fromAmountForGas: bigint): Promise<void>;
  /** Takes the choice back: the route shown before it, then a refresh of the search without gas. */
  dropGasOnArrival(): Promise<void>;
  /** The choice the form makes right now (undefined while it is incomplete). */
  currentChoice(): TransferChoice | undefined;
  /** Debounced unless `immediate`; a newer request supersedes an older one. `refresh`: the automatic refresh. */
  requestRoutes(options?: { immediate?: boolean; refresh?: boolean }): void;
  selectRoute(id: string): void;
  acknowledgeValueLoss(acknowledged: boolean): void;
};

export type WalletStatus = 'idle' | 'connecting' | 'choose' | 'connected' | 'unavailable' | 'error';

export type WalletSlice = {
  tabId?: number;
  walletStatus: WalletStatus;
  walletMessage?: string;
  wallets: WalletInfo[];
  walletName?: string;
  /** The connected wallet's EIP-6963 rdns (how the next opening recognises it). */
  walletRdns?: string;
  account?: `0x${string}`;
  walletChainId?: number;
  balance?: bigint;
  /**
   * On opening: whether the tab can reach a wallet at all, said before the person tries to connect; and the wallet
   * connected last time, reconnected without a prompt if it still shares an account with the site.
   */
  checkTab(remembered?: { rdns?: string; name: string }): Promise<void>;
  /** The connected account is a smart account (code) on the source chain: no default receiver elsewhere. */
  accountIsContract?: boolean;
  /** Where this tab has no wallet: another open tab whose page has one, to go to (the form is kept meanwhile). */
  walletTab?: import('../../wallet/walletTabs').WalletTab;
  goToWalletTab(): Promise<void>;
  connectWallet(): Promise<void>;
  chooseWallet(walletId: string): Promise<void>;
  /** While connecting: gives up on the wallet's answer (the person may never see or answer its prompt). */
  stopConnecting(): void;
  /** Asks the wallet to let the person pick the account again (EIP-2255; eth_requestAccounts where unsupported). */
  switchAccount(): Promise<void>;
  /**
   * Forgets the wallet in this popup (and for the next opening): the website itself stays connected to it, which
   * is the wallet's to change.
   */
  disconnectWallet(): void;
  refreshBalance(): Promise<void>;
  /**
   * Whether the connected wallet sends atomic batches (EIP-5792) for the account on `chainId`: the approval and the
   * transfer then take one confirmation instead of two (the review says which).
   */
  walletBatches(chainId: number): Promise<boolean>;
};

export type ExecutionState = 'idle' | ExecutionStage | 'done' | 'failed';

export type ExecutionSlice = {
  stage: ExecutionState;
  /** Stage the flow was at when it failed (for the progress list). */
  failedStage?: ExecutionState;
  executionError?: string;
  /** The execution's notice while it runs (Execution.notice): how it goes on, e.g. two confirmations after all. */
  executionNotice?: string;
  submittedHash?: `0x${string}`;
  ratePrompt?: { previousMin: bigint; newMin: bigint };
  /** The review of what will be sent is open; the wallet is asked only once the person confirms it there. */
  reviewing: boolean;
  allowUnlimited: boolean;
  /** The background's execution this popup follows (the one it started, or the one under way when it opened). */
  executionId?: string;
  /**
   * What the person confirmed, from the click until the background's record of it is followed: the form shows it
   * in place of the amount it no longer holds (selectSending).
   */
  handedOver?: { choice: TransferChoice; route: Route };
  /** Every record with an execution, newest first (Activity lists those waiting for the person). */
  executions: ExecutionRecord[];
  /** Whether the stored records' executions drive the progress shown (from followExecutions on). */
  followingExecutions: boolean;
  setAllowUnlimited(allow: boolean): void;
  /** Opens the review if the selected route can be sent as the form stands; fails with the reason otherwise. */
  openReview(): void;
  closeReview(): void;
  /** Hands the confirmed transfer to the background, which carries it out whether the popup stays open or not. */
  execute(): Promise<void>;
  /** The background's records as stored; the followed one drives the progress shown. */
  applyExecutions(records: ExecutionRecord[]): void;
  /** Follows the executions of the stored records (through followTransfers' one watch); returns the unsubscribe. */
  followExecutions(): () => void;
  answerRatePrompt(accept: boolean): void;
  /** While the wallet is asked something (switch, approval, transfer): stops waiting; the flow fails, retryable. */
  stopWaiting(): void;
  /** Activity's Continue: runs a failed or interrupted execution again from the top, and shows its progress. */
  continueExecution(id: string): void;
  dismissExecution(id: string): void;
  resetExecution(): void;
};

export type SettingsSlice = {
  settings?: PublicSettings;
  settingsStatus: 'loading' | 'ready' | 'saving' | 'saved' | 'error';
  settingsMessage?: string;
  /**
   * The last save changed the service, its kind or key, and it was asked at once: how many chains it listed, or why it
   * failed (said under Save in the language shown then).
   */
  serviceAnswer?: { chains: number } | { failure: string };
  loadSettings(): Promise<void>;
  saveSettings(patch: import('../../model/settings').SettingsPatch): Promise<void>;
};

export type ActivitySlice = {
  /** The stored records (src/model/transfer.ts), as last read or written. */
  records: TransferRecord[];
  /** Every transaction the records sent, newest first (Activity's list, the send panel's progress). */
  transfers: SentTransfer[];
  activityStatus: 'loading' | 'ready' | 'error';
  activityMessage?: string;
  loadTransfers(): Promise<void>;
  setRecords(records: TransferRecord[]): void;
  /**
   * The one way records reach the popup: one read, then every write the background makes (`deps.watchRecords`),
   * one watch however many follow. Returns the function that stops following.
   */
  followTransfers(): () => void;
  /**
   * Looks up a transfer made anywhere by its source hash or LI.FI's transactionId (the lookUpTransfer message);
   * what it found is followed in the records like the extension's own. Throws the background's words on failure.
   */
  lookUpTransfer(ref: `0x${string}`, chainId?: number): Promise<LookupAnswer>;
};

export type ViewSlice = { view: View; setView(view: View): void };

export type PopupState = CatalogSlice &
  FormSlice &
  RoutesSlice &
  WalletSlice &
  SolanaWalletSlice &
  ExecutionSlice &
  SettingsSlice &
  ActivitySlice &
  ViewSlice;

/** A coin the Solana account holds, as the trusted Solana RPC read it; symbol and decimals from the listing. */
export type SolanaHolding = { mint: string; symbol: string; decimals: number; amount: bigint };

export type SolanaWalletSlice = {
  solanaStatus: 'idle' | 'connecting' | 'connected' | 'error';
  solanaMessage?: string;
  solanaWalletName?: string;
  /** The connected account, base58. */
  solanaAddress?: string;
  /** SOL and the listed SPL tokens it holds; `unknown`: no trusted Solana RPC answered; undefined while reading. */
  solanaBalances?: { lamports: bigint; holdings: SolanaHolding[]; unlisted: number } | 'unknown';
  /** Connects the tab's Solana wallet (the Wallet Standard's; the first one found), asking the person. */
  connectSolanaWallet(): Promise<void>;
  disconnectSolanaWallet(): void;
  refreshSolanaBalances(): Promise<void>;
};
