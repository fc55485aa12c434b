import {
  createPublicClient,
  decodeFunctionData,
  getAbiItem,
  getAddress,
  http,
  sliceHex,
  toFunctionSelector,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionBrowser } from '../devtools/chromium';
import { PopupPage } from '../devtools/popupPage';
import { rpc } from '../server/devnet/rpc';
import { gasZipPeripheryAbi } from '../src/contracts/lifi/gasZipPeriphery';
import { formatAmount } from '../src/format/amount';
import { type DevnetDapp, startDevnetDapp } from './harness/devnetDapp';
import { readExtensionStorage } from './harness/extensionMessages';
import { storedExecutions } from './harness/storedRecords';

/**
 * Issue #31's gas on arrival, on the devnet against LI.FI's twin: USDC on Ethereum to ARB (a bridge, then a swap
 * signed on Arbitrum) for a person with no ETH on Arbitrum. The review offers gas on arrival; chosen, step 1 carries
 * exactly that part of the USDC to Gas.zip's periphery for the person, the ETH is read on Arbitrum once paid there,
 * and step 2 is signed with it. On a build without the offer, the button is never found.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;

type Execution = {
  id: string;
  phase: string;
  step?: number;
  hashes: string[];
  choice: { fromAmountForGas?: string };
  gasRead?: { chainId: number; balance: string };
};
type WalletRequest = { method: string; params?: unknown };

describe('gas on arrival (devnet, lifi dialect)', () => {
  let env: DevnetDapp;
  let browser: ExtensionBrowser;
  let tabId: number;

  beforeAll(async () => {
    env = await startDevnetDapp({ chainIds: [1, 42161], walletChainId: 1, timeFactor: 0.01, dialect: 'lifi' });
    ({ browser, tabId } = env);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const arbitrum = () => {
    const chain = env.devnet.chains.find((c) => c.chainId === 42161)!;
    return createPublicClient({ transport: http(chain.rpcUrl) });
  };

  async function executions(): Promise<Execution[]> {
    return storedExecutions(await readExtensionStorage(browser.serviceWorker, 'transfers')) as Execution[];
  }

  /**
   * Gas.zip's deposit in the step-1 transaction the Dev Wallet was asked to send, whatever bridge facet carries it:
   * the periphery's call is ABI-encoded bytes (a swap step's callData) inside the bridge call, found by its selector
   * and the length word before it. Its USDC part and receiver.
   */
  function gasDepositOf(data: `0x${string}`) {
    const selector = toFunctionSelector(getAbiItem({ abi: gasZipPeripheryAbi, name: 'depositToGasZipERC20' })).slice(2);
    const at = data.indexOf(selector, 10);
    expect(at).toBeGreaterThan(0);
    expect(data.indexOf(selector, at + 8)).toBe(-1);
    const length = Number(BigInt(`0x${data.slice(at - 64, at)}`));
    const deposit = decodeFunctionData({ abi: gasZipPeripheryAbi, data: `0x${data.slice(at, at + length * 2)}` });
    if (deposit.functionName !== 'depositToGasZipERC20') throw new Error(deposit.functionName);
    const [inner, gasZip] = deposit.args;
    return { amount: inner.fromAmount, receiver: getAddress(sliceHex(gasZip.receiverAddress, 0, 20)) };
  }

  it('offers gas on arrival to a person with no ETH on Arbitrum, and step 2 is signed from the gas that arrived', async () => {
    const arbitrumRpc = env.devnet.chains.find((c) => c.chainId === 42161)!.rpcUrl;
    await rpc(arbitrumRpc, 'anvil_setBalance', [ACCOUNT, '0x0']);
    const popup = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    await popup.connect();
    await popup.fillTransfer({ from: ['Ethereum', 'USDC'], to: ['Arbitrum', 'ARB'], amount: '60' });
    await popup.showAllRoutes();
    const twoSteps = popup.routes.filter({ has: popup.page.getByTestId('route-signatures') });
    await twoSteps.first().click();
    await popup.page.getByTestId('send').click();

    // The review warns, and offers the gas in plain figures.
    const offer = popup.page.getByTestId('review-gas-offer-choose');
    await offer.waitFor({ timeout: 30_000 });
    const offered = (await offer.textContent())!;
    expect(offered).toMatch(
      /^Get about [\d.,]+ ETH on Arbitrum on arrival, paid with [\d.,]+ USDC from this transfer$/,
    );
    await offer.click();

    // Taken back: the route without gas returns, with the low-gas warning and the offer; then chosen again.
    const arrives = popup.page.getByTestId('review-gas-arrives');
    await arrives.waitFor({ timeout: 30_000 });
    await popup.page.getByTestId('review-gas-drop').click();
    await offer.waitFor({ timeout: 30_000 });
    expect(await arrives.count()).toBe(0);
    await popup.page.getByTestId('review-destination-gas').waitFor({ timeout: 30_000 });
    expect(await offer.textContent()).toBe(offered);
    await offer.click();

    // The route asked again with that gas says what arrives, and the warning is answered.
    await arrives.waitFor({ timeout: 30_000 });
    expect(await arrives.textContent()).toMatch(
      /^You receive ~[\d.,]+ USDC \(then swapped to ARB in step 2\) and ~[\d.,]+ ETH for gas on Arbitrum\.$/,
    );
    // Issue #41, point 5: the gas is said apart from the route's path, which is no detour through ETH.
    const review = popup.page.getByTestId('review');
    expect(await review.getByTestId('route-plus-gas').textContent()).toMatch(/^plus ~[\d.,]+ ETH for gas on Arbitrum$/);
    expect(await review.textContent()).not.toMatch(/USDC → ETH/);
    await popup.page.locator('[data-testid="review-simulation"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    expect(await popup.page.getByTestId('review-destination-gas').count()).toBe(0);
    await popup.page.getByTestId('review-confirm').click();

    // Step 1 goes through and arrives; the ETH is there on Arbitrum, read on chain.
    await expect
      .poll(async () => (await executions())[0]?.phase, { timeout: 120_000, interval: 1000 })
      .toBe('needsSignature');
    const [waiting] = await executions();
    const chosen = BigInt(waiting!.choice.fromAmountForGas!);
    // The offer's USDC figure is the part chosen (6 decimals), as the popup writes amounts.
    expect(offered).toContain(`paid with ${formatAmount(chosen, 6)} USDC`);
    await expect.poll(() => arbitrum().getBalance({ address: ACCOUNT }), { timeout: 60_000 }).toBeGreaterThan(0n);
    const arrived = await arbitrum().getBalance({ address: ACCOUNT });

    // Step 2 ready, the gas is said as the chain showed it: kept on the record, and in a reopened popup's banner.
    await expect.poll(async () => (await executions())[0]?.gasRead, { timeout: 30_000 }).toBeDefined();
    const [read] = await executions();
    expect(read!.gasRead).toEqual({ chainId: 42161, balance: arrived.toString() });
    const reopened = await PopupPage.open(browser.context, browser.extensionId, { tabId });
    const gasWords = reopened.page.getByTestId('banner-gas');
    await gasWords.waitFor({ timeout: 15_000 });
    expect(await gasWords.textContent()).toBe(
      `Gas for step 2, read on chain: your account holds ${formatAmount(arrived, 18)} ETH on Arbitrum.`,
    );
    await reopened.page.close();

    // The Dev Wallet's step-1 transaction carried exactly the chosen gas, for the person.
    const requests = (await env.dappPage.evaluate('window.devWallet.requests')) as WalletRequest[];
    const sends = requests
      .filter((r) => r.method === 'eth_sendTransaction')
      .map((r) => (r.params as { data: `0x${string}` }[])[0]!.data)
      .filter((data) => !data.startsWith('0x095ea7b3'));
    expect(sends).toHaveLength(1);
    expect(gasDepositOf(sends[0]!)).toEqual({ amount: chosen, receiver: ACCOUNT });

    // Step 2 is continued and signed on Arbitrum, paid from the gas that arrived.
    await popup.tab('Activity').click();
    const item = popup.page.getByTestId('waiting-execution');
    await item.waitFor({ timeout: 15_000 });
    await item.getByTestId('continue-execution').click();
    await popup.page.getByTestId('execution-done').waitFor({ timeout: 90_000 });
    const [done] = await executions();
    expect(done).toMatchObject({ phase: 'sent', hashes: [expect.any(String), expect.any(String)] });
    // Step 2's gas (and its approval's) was paid from the ETH that arrived, which was all the account had there.
    const left = await arbitrum().getBalance({ address: ACCOUNT });
    expect(left).toBeLessThan(arrived);
    expect(left).toBeGreaterThan(0n);
    await popup.page.close();
  }, 300_000);
});
