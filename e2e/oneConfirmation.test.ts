import type { Page } from 'playwright';
import { createPublicClient, erc20Abi, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import type { SentTransfer } from '../src/model/transfer';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { readExtensionStorage } from './harness/extensionMessages';
import { storedExecutions, storedSends } from './harness/storedRecords';

/**
 * Issue #33, "one confirmation where the wallet allows it": with a wallet that sends atomic batches (EIP-5792), the
 * approval and the transfer are one wallet_sendCalls, both land in one block, and the transfer is then read back,
 * tracked and its arrival confirmed as any other; a wallet without batches is asked twice, as before; a wallet that
 * refuses the batch as unsupported is asked twice instead; a person declining the batch sends and tracks nothing.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const USDC_OP = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' as const;
const APPROVE = '0x095ea7b3';

type DevWallet = {
  setBatches(mode: 'atomic' | 'refuse' | 'off'): void;
  setReject(methods: string[]): void;
  holdNext(kind: 'approval'): void;
  held(): boolean;
  release(): void;
  requests: { method: string; params?: { data?: string; calls?: { data?: string }[] }[] }[];
};

describe('one confirmation with a wallet that batches (devnet)', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let dappPage: Page;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 10], walletChainId: 1, timeFactor: 0.01 });
    ({ browser, dappPage, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const wallet = <T>(fn: (w: DevWallet) => T) =>
    dappPage.evaluate(`(${fn.toString()})(window.devWallet)`) as Promise<T>;

  /** What the wallet asked the person since `from` (an index into its request log). */
  async function asked(from: number) {
    const requests = await wallet((w) =>
      w.requests.map((r) => ({
        method: r.method,
        data: r.params?.[0]?.data,
        calls: r.params?.[0]?.calls?.map((c) => c.data ?? '') ?? [],
      })),
    );
    const since = requests.slice(from);
    const sends = since.filter((r) => r.method === 'eth_sendTransaction');
    return {
      batches: since.filter((r) => r.method === 'wallet_sendCalls').map((r) => r.calls.map((d) => d.slice(0, 10))),
      approvals: sends.filter((r) => r.data?.startsWith(APPROVE)).length,
      transfers: sends.filter((r) => !r.data?.startsWith(APPROVE)).length,
    };
  }

  const chainClient = (chainId: number) =>
    createPublicClient({ transport: http(env.devnet.chains.find((c) => c.chainId === chainId)!.rpcUrl) });
  const opBalance = () =>
    chainClient(10).readContract({ address: USDC_OP, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT] });

  const sendOf = async (fromAmount: string) =>
    storedSends(await readExtensionStorage(browser.serviceWorker, 'transfers')).find(
      (s) => s.fromAmount === fromAmount,
    ) as SentTransfer | undefined;

  /**
   * Connects, fills an Ethereum → OP Mainnet USDC transfer of `amount` (an approval is needed), checks what the
   * review says of the confirmations, and confirms it.
   */
  async function confirmTransfer(amount: string, confirmations: RegExp): Promise<PopupPage> {
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['OP Mainnet', 'USDC'], amount });
    await popup.sendButton.click();
    const said = popup.page.getByTestId('review-confirmations');
    await said.waitFor({ timeout: 15_000 });
    expect(await said.textContent()).toMatch(confirmations);
    await popup.page.locator('[data-testid="review-confirm"]:enabled').click({ timeout: 15_000 });
    return popup;
  }

  /** Waits for the transfer to be read back on the source chain, delivered, and its arrival read on OP Mainnet. */
  async function arrived(fromAmount: string): Promise<SentTransfer> {
    await expect
      .poll(async () => (await sendOf(fromAmount))?.arrival?.state, { timeout: 90_000, interval: 1000 })
      .toBe('confirmed');
    const send = (await sendOf(fromAmount))!;
    expect(send.status).toBe('DONE');
    expect(send.sentCheck.state).toBe('verified');
    return send;
  }

  it('sends the approval and the transfer as one wallet_sendCalls, both in one block, and the funds arrive', async () => {
    await wallet((w) => w.setBatches('atomic'));
    const from = await wallet((w) => w.requests.length);
    const before = await opBalance();
    const popup = await confirmTransfer('40', /^One confirmation in your wallet/);
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    const send = await arrived('40000000');

    expect(await asked(from)).toEqual({
      batches: [[APPROVE, send.approvedTx.data.slice(0, 10)]],
      approvals: 0,
      transfers: 0,
    });
    // The tracked hash is the transfer's own transaction, mined in the block that also holds the approval before it.
    const eth = chainClient(1);
    const receipt = await eth.getTransactionReceipt({ hash: send.txHash });
    expect(receipt.to?.toLowerCase()).toBe(send.approvedTx.to.toLowerCase());
    const block = await eth.getBlock({ blockNumber: receipt.blockNumber, includeTransactions: true });
    const ours = block.transactions.filter((tx) => tx.from.toLowerCase() === ACCOUNT.toLowerCase());
    expect(ours.map((tx) => tx.input.slice(0, 10))).toEqual([APPROVE, send.approvedTx.data.slice(0, 10)]);
    expect(ours[1]!.hash).toBe(send.txHash);
    expect((await opBalance()) - before).toBeGreaterThanOrEqual(BigInt(send.toAmountMin));
    await popup.page.close();
  });

  it('asks twice, as before, when the wallet has no batches', async () => {
    await wallet((w) => w.setBatches('off'));
    const from = await wallet((w) => w.requests.length);
    const popup = await confirmTransfer('41', /^Two confirmations in your wallet/);
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    await arrived('41000000');
    expect(await asked(from)).toEqual({ batches: [], approvals: 1, transfers: 1 });
    await popup.page.close();
  });

  it('asks twice when the wallet refuses the batch as unsupported (5760)', async () => {
    await wallet((w) => w.setBatches('refuse'));
    await wallet((w) => w.holdNext('approval'));
    const from = await wallet((w) => w.requests.length);
    const popup = await confirmTransfer('42', /^One confirmation in your wallet/);
    // While the wallet shows the approval, the popup says why it asks twice after all.
    await expect.poll(() => wallet((w) => w.held()), { timeout: 30_000, interval: 200 }).toBe(true);
    const notice = popup.page.getByTestId('execution-notice');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toMatch(/could not take the approval and the transfer together/);
    await wallet((w) => w.release());
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 60_000 });
    await arrived('42000000');
    // The refusal came before the person was asked anything: only the two confirmations are in the log.
    expect(await asked(from)).toEqual({ batches: [], approvals: 1, transfers: 1 });
    await popup.page.close();
  });

  it('takes a person declining the batch as a refusal: nothing is sent or tracked', async () => {
    await wallet((w) => w.setBatches('atomic'));
    await wallet((w) => w.setReject(['wallet_sendCalls']));
    const from = await wallet((w) => w.requests.length);
    const popup = await confirmTransfer('43', /^One confirmation in your wallet/);
    const error = popup.page.getByTestId('execution-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toMatch(/declined/);
    expect((await asked(from)).batches).toHaveLength(1);
    expect((await asked(from)).transfers + (await asked(from)).approvals).toBe(0);
    expect(await sendOf('43000000')).toBeUndefined();
    const [execution] = storedExecutions(await readExtensionStorage(browser.serviceWorker, 'transfers'));
    expect(execution).toMatchObject({ phase: 'failed', hashes: [] });
    await wallet((w) => w.setReject([]));
    await popup.page.close();
  });
});
