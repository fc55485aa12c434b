import { type Abi, encodeFunctionData, getAddress, type Hex, pad, stringToHex } from 'viem';
import { expect, it } from 'vitest';
import type { GuardCode } from '../../src/checks/errors';
import { type CandidateTransaction, type ChosenTransfer, checkStepTransaction } from '../../src/checks/guards';
import type { BridgeData, SwapData } from '../../src/checks/routers/lifi/facetArgs';
import { LIFI_DIAMOND_ADDRESS } from '../../src/contracts/lifiDiamond';

/*
 * The values lifinance/contracts' Solidity tests give their calls (test/solidity/utils/TestBase.sol: USER_SENDER,
 * USER_RECEIVER, USER_REFUND, mainnet USDC and DAI, 100 USDC, bridging to Polygon), so each facet's sample is the
 * call its own test makes, encoded with the facet's ABI (src/contracts/lifi/), plus a helper that changes one
 * value field at a time and expects the signing guard to refuse it.
 */

export const USER_SENDER = getAddress(pad('0xabc123456', { size: 20 }));
export const USER_RECEIVER = getAddress(pad('0xabc654321', { size: 20 }));
export const USER_REFUND = getAddress(pad('0xabcdef281', { size: 20 }));
export const ATTACKER = '0x000000000000000000000000000000000000dEaD';
export const ADDRESS_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const ADDRESS_DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
export const ADDRESS_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
export const NATIVE = '0x0000000000000000000000000000000000000000';
export const USDC_POLYGON = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359';
export const DEFAULT_USDC_AMOUNT = 100_000_000n;

/** TestBase's `bridgeData`: 100 USDC to USER_RECEIVER on Polygon, transaction id "someId". */
export const testBaseBridgeData = (over: Partial<BridgeData> = {}): BridgeData => ({
  transactionId: pad(stringToHex('someId'), { dir: 'right', size: 32 }),
  bridge: '<UpdateWithYourBridgeName>',
  integrator: '',
  referrer: NATIVE,
  sendingAssetId: ADDRESS_USDC,
  receiver: USER_RECEIVER,
  minAmount: DEFAULT_USDC_AMOUNT,
  destinationChainId: 137n,
  hasSourceSwaps: false,
  hasDestinationCall: false,
  ...over,
});

/** A source swap of DAI into USDC through a DEX, as the facets' swap-and-bridge tests make. */
export const daiToUsdcSwap = (over: Partial<SwapData> = {}): SwapData => ({
  callTo: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
  approveTo: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
  sendingAssetId: ADDRESS_DAI,
  receivingAssetId: ADDRESS_USDC,
  fromAmount: 101_000_000_000_000_000_000n,
  callData: '0x38ed1739',
  requiresDeposit: true,
  ...over,
});

/** What the person chose for the facet test's transfer, as the popup hands it to the guard. */
export const chosenFor = (over: Partial<ChosenTransfer> = {}): ChosenTransfer => ({
  fromChainId: 1,
  toChainId: 137,
  fromToken: ADDRESS_USDC,
  toToken: USDC_POLYGON,
  fromAmount: DEFAULT_USDC_AMOUNT,
  account: USER_SENDER,
  recipient: USER_RECEIVER,
  toAmountMin: 0n,
  target: LIFI_DIAMOND_ADDRESS,
  ...over,
});

export type FacetSample = {
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  chosen: ChosenTransfer;
  /** The transaction's value in wei (the native amount and the bridge's fee); 0 unless set. */
  value?: bigint;
};

export const encodeSample = (sample: FacetSample, args = sample.args): Hex =>
  encodeFunctionData({ abi: sample.abi, functionName: sample.functionName, args } as never);

export const txOf = (sample: FacetSample, args = sample.args, value = sample.value ?? 0n): CandidateTransaction => ({
  chainId: sample.chosen.fromChainId,
  from: sample.chosen.account,
  to: LIFI_DIAMOND_ADDRESS,
  value: String(value),
  data: encodeSample(sample, args),
});

/** One value field changed: its label, the changed arguments (and value), and the refusal the guard must give. */
export type Tampering = readonly [
  label: string,
  change: (args: readonly unknown[]) => readonly unknown[],
  code: GuardCode,
  value?: bigint,
];

/** The sample passes the guard as it is; each tampering is refused with its code. */
export function guardRefusesEachChange(sample: FacetSample, tamperings: readonly Tampering[]) {
  it('passes the guard for the choice it was built for', () => {
    expect(checkStepTransaction(txOf(sample), sample.chosen)).toEqual({ ok: true });
  });
  const cases = tamperings.map(([label, change, code, value]) => ({ label, change, code, value }));
  it.each(cases)('refuses $label', ({ change, code, value }) => {
    const result = checkStepTransaction(txOf(sample, change(sample.args), value ?? sample.value ?? 0n), sample.chosen);
    expect(result).toMatchObject({ ok: false, code });
  });
}

/** Replace the BridgeData (first argument) fields. */
export const withBridge =
  (over: Partial<BridgeData>) =>
  (args: readonly unknown[]): readonly unknown[] => [{ ...(args[0] as BridgeData), ...over }, ...args.slice(1)];

/** Replace the facet data (last argument) fields. */
export const withData =
  <Data>(over: Partial<Data>) =>
  (args: readonly unknown[]): readonly unknown[] => [
    ...args.slice(0, -1),
    { ...(args[args.length - 1] as Data), ...over },
  ];
