import type { ExecutionRecord, ExpectedTransfer, SendOwner, SentTransfer, TransferInput } from '../../model/transfer';
import type { Chain } from '../../schemas/catalog';
import type { DestinationGasDeps } from '../../signing/destinationGas';
import type { ExecuteDeps, executeTransfer } from '../../signing/executeTransfer';
import type { TabWallet } from '../../wallet/tabWallet';
import type { TransferStore } from '../transfers/transferStore';

/**
 * What the signing flow reaches outside itself (src/signing/executeTransfer.ts), with the tracker's two told which
 * record and step each transaction belongs to.
 */
export type ExecutionSteps = Omit<Required<ExecuteDeps>, 'trackTransfer' | 'expectTransfer'> & {
  /** Records the sent transaction in the owner's record, or one of its own (once per hash), and starts tracking it. */
  trackTransfer(data: TransferInput, owner?: SendOwner): Promise<SentTransfer>;
  /** Registers the transaction about to be sent, for the relay to report if the worker misses the wallet's answer. */
  expectTransfer(data: {
    watchId: string;
    tabId: number;
    transfer: ExpectedTransfer;
    owner?: SendOwner;
  }): Promise<void>;
};

export type ExecutionDeps = {
  store: TransferStore;
  now(): number;
  /** Connects to the tab's wallets the way the popup does (relay content script + page script). */
  openTabWallet(tabId: number): Promise<TabWallet>;
  chain(chainId: number): Promise<Chain | undefined>;
  steps: ExecutionSteps;
  /** Keeps the worker awake while an execution waits for the wallet; call the result to let it sleep again. */
  keepAlive(): () => void;
  /** Tells the person something waits for them (a notification), when no popup shows it. */
  needsPerson?(record: ExecutionRecord): Promise<void>;
  /**
   * The account's native balance and the gas price through the chain's trusted RPC, read before a later step is
   * signed: a step its gas cannot pay for is refused in words instead of asking the wallet.
   */
  readGasFunds?: DestinationGasDeps['readGasFunds'];
  /** The signing flow (tests pass one that records its input). */
  execute?: typeof executeTransfer;
};

/** Carries out confirmed transfers in the background, so closing the popup at a wallet prompt stops nothing. */
