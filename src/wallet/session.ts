import { i18n } from '#i18n';
import type { Chain } from '../schemas/catalog';
import { WalletRejectedError, WalletRequestError, WalletStateError } from './errors';
import type { TabWallet } from './tabWallet';

const isAddress = (x: unknown): x is `0x${string}` => typeof x === 'string' && /^0x[0-9a-fA-F]{40}$/.test(x);
const isHex = (x: unknown): x is `0x${string}` => typeof x === 'string' && /^0x[0-9a-fA-F]*$/.test(x);

/** Reads an eth_chainId answer (hex per EIP-1193; some wallets answer decimal). */
export function readChainId(answer: unknown): number {
  if (typeof answer === 'string' && /^0x[0-9a-fA-F]+$/.test(answer)) return Number.parseInt(answer, 16);
  if (typeof answer === 'string' && /^[0-9]+$/.test(answer)) return Number(answer);
  if (typeof answer === 'number' && Number.isInteger(answer)) return answer;
  throw new WalletRequestError(i18n.t('wallet.unreadableChain'), undefined, String(answer));
}

export function readAccounts(answer: unknown): `0x${string}`[] {
  if (!Array.isArray(answer)) throw new WalletRequestError(i18n.t('wallet.unreadableAccounts'), undefined);
  return answer.filter(isAddress);
}

/**
 * One connected wallet of the tab. Every state-changing request is preceded by `expect(chainId, account)`, so a
 * person switching account or network in the wallet mid-flow stops the flow instead of signing on the wrong one.
 */
export class WalletSession {
  constructor(
    readonly tab: TabWallet,
    readonly walletId: string,
  ) {}

  request(method: Parameters<TabWallet['request']>[1], params?: unknown[], what?: string, watchId?: string) {
    return watchId
      ? this.tab.request(this.walletId, method, params, what, { watchId })
      : this.tab.request(this.walletId, method, params, what);
  }

  async connect(): Promise<{ accounts: `0x${string}`[]; chainId: number }> {
    const accounts = readAccounts(await this.request('eth_requestAccounts', [], i18n.t('wallet.what.connection')));
    if (accounts.length === 0) throw new WalletStateError(i18n.t('wallet.noAccount'));
    return { accounts, chainId: await this.chainId() };
  }

  async chainId(): Promise<number> {
    return readChainId(await this.request('eth_chainId', [], i18n.t('wallet.what.readNetwork')));
  }

  async account(): Promise<`0x${string}` | undefined> {
    return readAccounts(await this.request('eth_accounts', [], i18n.t('wallet.what.readAccount')))[0];
  }

  /** Switches to the chain; adds it with the catalog's wallet configuration when the wallet does not know it. */
  async switchChain(chain: Chain): Promise<void> {
    const hexId = `0x${chain.id.toString(16)}`;
    try {
      await this.request(
        'wallet_switchEthereumChain',
        [{ chainId: hexId }],
        i18n.t('wallet.what.switchTo', [chain.name]),
      );
    } catch (err) {
      // 4902 per EIP-3326; some wallets answer -32603 with "Unrecognized chain" in the message instead.
      if (
        err instanceof WalletRequestError &&
        (err.code === 4902 || /unrecognized chain|unknown chain/i.test(err.details ?? ''))
      ) {
        const config = chain.wallet;
        await this.request(
          'wallet_addEthereumChain',
          [
            {
              chainId: hexId,
              chainName: config.chainName,
              rpcUrls: config.rpcUrls ?? [],
              blockExplorerUrls: config.blockExplorerUrls,
              nativeCurrency: config.nativeCurrency ?? {
                name: chain.nativeToken.name,
                symbol: chain.nativeToken.symbol,
                decimals: chain.nativeToken.decimals,
              },
            },
          ],
          i18n.t('wallet.what.add', [chain.name]),
        );
        await this.request(
          'wallet_switchEthereumChain',
          [{ chainId: hexId }],
          i18n.t('wallet.what.switchTo', [chain.name]),
        );
      } else if (err instanceof WalletRejectedError) {
        throw new WalletStateError(i18n.t('wallet.declinedSwitch', [chain.name]), {
          cause: err,
        });
      } else throw err;
    }
    const now = await this.chainId();
    if (now !== chain.id) throw new WalletStateError(i18n.t('wallet.stillOther', [chain.name]));
  }

  /** Refuses to continue unless the wallet is on `chainId` with `account` selected. */
  async expect(chainId: number, account: `0x${string}`): Promise<void> {
    const [current, selected] = await Promise.all([this.chainId(), this.account()]);
    if (current !== chainId) {
      throw new WalletStateError(i18n.t('wallet.switchedAway', [String(current)]));
    }
    if (!selected || selected.toLowerCase() !== account.toLowerCase()) {
      throw new WalletStateError(i18n.t('wallet.accountChanged'));
    }
  }

  /**
   * `chainId` travels in the request (EIP-1474 allows it; wallets that check it refuse to sign on another chain), on
   * top of the expect() before: a chain switch between the two cannot land the transaction elsewhere.
   */
  async sendTransaction(
    tx: {
      chainId: number;
      from: `0x${string}`;
      to: `0x${string}`;
      data: `0x${string}`;
      value: bigint;
      gas?: bigint;
    },
    what: string,
    /** The transfer's expectation (see executeTransfer); approvals have none. */
    watchId?: string,
  ): Promise<`0x${string}`> {
    const hash = await this.request(
      'eth_sendTransaction',
      [
        {
          chainId: `0x${tx.chainId.toString(16)}`,
          from: tx.from,
          to: tx.to,
          data: tx.data,
          value: `0x${tx.value.toString(16)}`,
          ...(tx.gas ? { gas: `0x${tx.gas.toString(16)}` } : {}),
        },
      ],
      what,
      watchId,
    );
    if (!isHex(hash) || hash.length !== 66) {
      throw new WalletRequestError(i18n.t('wallet.noHash'), undefined, String(hash));
    }
    return hash;
  }

  async call(to: `0x${string}`, data: `0x${string}`): Promise<unknown> {
    return this.request('eth_call', [{ to, data }, 'latest'], i18n.t('wallet.what.readChain'));
  }

  async balance(address: `0x${string}`): Promise<unknown> {
    return this.request('eth_getBalance', [address, 'latest'], i18n.t('wallet.what.readBalance'));
  }

  /** Polls the receipt through the wallet; resolves to true when mined successfully. */
  async waitForReceipt(hash: `0x${string}`, { timeoutMs = 180_000, intervalMs = 1000 } = {}): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const receipt = (await this.request('eth_getTransactionReceipt', [hash], i18n.t('wallet.what.readReceipt'))) as {
        status?: unknown;
      } | null;
      if (receipt && typeof receipt === 'object') return receipt.status === '0x1' || receipt.status === 1;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
    throw new WalletStateError(i18n.t('wallet.approvalSlow'));
  }
}
