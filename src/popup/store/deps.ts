import type { TransferRecord } from '../../model/transfer';
import type { Chain } from '../../schemas/catalog';
import type { TabWallet } from '../../wallet/tabWallet';
import type { WalletTab } from '../../wallet/walletTabs';
import type { PopupApi } from '../api';

/** Everything the popup store reaches outside itself; tests pass fakes. */
export type PopupDeps = {
  api: PopupApi;
  /** The tab whose wallet is used (URL `?tabId=` or the active tab). */
  resolveTabId(): Promise<number | undefined>;
  openTabWallet(tabId: number): Promise<TabWallet>;
  /** Whether the tab offers a wallet at all, without connecting or leaving anything in the page (src/wallet/tabProbe.ts). */
  probeTab?(tabId: number): Promise<{ state: 'wallets' | 'none' | 'unknown'; why?: string }>;
  /** Another open tab whose page offers a wallet, where this one has none (src/wallet/walletTabs.ts). */
  findWalletTab?(exceptTabId: number): Promise<WalletTab | undefined>;
  /** Brings that tab to the front. */
  showTab?(tab: WalletTab): Promise<void>;
  /** Calls `listener` with every transfer record each time the background writes them (src/storage/transfers.ts). */
  watchRecords?(listener: (records: TransferRecord[]) => void): () => void;
  /** Last known chains, shown at once while the background answers. */
  chainsCache?: { read(): Chain[] | undefined; write(chains: Chain[]): void };
  debounceMs?: number;
  refreshMs?: number;
  now?(): number;
};
