import { encodeFunctionData, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import * as lifi from '../../testing/wallet/lifiSamples';
import { encodeApprove } from '../contracts/erc20';
import { LIFI_DIAMOND_ADDRESS, LIFI_NON_EVM_ADDRESS } from '../contracts/lifiDiamond';
import { ROUTER_ADDRESS, routerAbi } from '../contracts/router';
import { solanaAddressToWord } from '../lib/solanaAddress';
import {
  type CandidateTransaction,
  type ChosenTransfer,
  checkApproval,
  checkStepTransaction,
  type ExpectedApproval,
} from './guards';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const USDC_1 = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_10 = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
const NATIVE = '0x0000000000000000000000000000000000000000';
const ZERO32 = `0x${'0'.repeat(64)}` as const;

const chosen = (over: Partial<ChosenTransfer> = {}): ChosenTransfer => ({
  fromChainId: 1,
  toChainId: 10,
  fromToken: USDC_1,
  toToken: USDC_10,
  fromAmount: 1_000_000n,
  account: ACCOUNT,
  recipient: RECIPIENT,
  toAmountMin: 990_000n,
  target: ROUTER_ADDRESS,
  ...over,
});

type BridgeOver = Partial<{
  tokenIn: `0x${string}`;
  amountIn: bigint;
  bridgeToken: `0x${string}`;
  minBridgeAmount: bigint;
  dstChainId: bigint;
  dstBridgeToken: `0x${string}`;
  dstToken: `0x${string}`;
  dstAmount: bigint;
  minDstAmount: bigint;
  recipient: `0x${string}`;
}>;

const bridgeData = (over: BridgeOver = {}) =>
  encodeFunctionData({
    abi: routerAbi,
    functionName: 'startBridge',
    args: [
      {
        routeId: ZERO32,
        tool: ZERO32,
        tokenIn: over.tokenIn ?? USDC_1,
        amountIn: over.amountIn ?? 1_000_000n,
        bridgeToken: over.bridgeToken ?? over.tokenIn ?? USDC_1,
        minBridgeAmount: over.minBridgeAmount ?? 1_000_000n,
        dstChainId: over.dstChainId ?? 10n,
        dstBridgeToken: over.dstBridgeToken ?? over.dstToken ?? USDC_10,
        dstToken: over.dstToken ?? USDC_10,
        dstAmount: over.dstAmount ?? 996_000n,
        minDstAmount: over.minDstAmount ?? 991_000n,
        recipient: over.recipient ?? RECIPIENT,
      },
    ],
  });

const bridgeTx = (over: Partial<CandidateTransaction> = {}, data: BridgeOver = {}): CandidateTransaction => ({
  chainId: '1',
  from: ACCOUNT,
  to: ROUTER_ADDRESS,
  data: bridgeData(data),
  value: '0',
  ...over,
});

const expectRefused = (result: ReturnType<typeof checkStepTransaction>, code: string) => {
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.code).toBe(code);
    expect(result.reason.length).toBeGreaterThan(10);
  }
};

describe('checkStepTransaction: honest transactions pass', () => {
  it('accepts a bridge that matches the chosen route', () => {
    expect(checkStepTransaction(bridgeTx(), chosen())).toEqual({ ok: true });
  });

  it('accepts addresses in any case and chain IDs as numbers', () => {
    const tx = bridgeTx({
      chainId: 1,
      from: ACCOUNT.toLowerCase(),
      to: ROUTER_ADDRESS.toUpperCase().replace('0X', '0x'),
    });
    expect(checkStepTransaction(tx, chosen())).toEqual({ ok: true });
  });

  it('accepts a higher minimum than accepted', () => {
    expect(checkStepTransaction(bridgeTx({}, { minDstAmount: 995_000n }), chosen())).toEqual({ ok: true });
  });

  it('accepts a native-coin bridge whose value equals the amount (decimal or hex)', () => {
    const c = chosen({ fromToken: NATIVE, fromAmount: 10n ** 18n });
    const data = { tokenIn: NATIVE, amountIn: 10n ** 18n } as const;
    expect(checkStepTransaction(bridgeTx({ value: '1000000000000000000' }, data), c)).toEqual({ ok: true });
    expect(checkStepTransaction(bridgeTx({ value: '0xde0b6b3a7640000' }, data), c)).toEqual({ ok: true });
  });

  it('accepts a same-chain swap', () => {
    const data = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swap',
      args: [USDC_1, NATIVE, 1_000_000n, 990_000n, RECIPIENT],
    });
    const c = chosen({ toChainId: 1, toToken: NATIVE });
    expect(checkStepTransaction(bridgeTx({ data }), c)).toEqual({ ok: true });
  });
});

describe('checkStepTransaction: attacks are refused', () => {
  it('wrong chain', () => expectRefused(checkStepTransaction(bridgeTx({ chainId: '10' }), chosen()), 'CHAIN_MISMATCH'));
  it('another sender', () =>
    expectRefused(checkStepTransaction(bridgeTx({ from: ATTACKER }), chosen()), 'FROM_MISMATCH'));
  it('another contract', () =>
    expectRefused(checkStepTransaction(bridgeTx({ to: ATTACKER }), chosen()), 'UNKNOWN_TARGET'));
  it('a route naming an unknown contract', () =>
    expectRefused(checkStepTransaction(bridgeTx({ to: ATTACKER }), chosen({ target: ATTACKER })), 'UNKNOWN_TARGET'));
  it('native value on an ERC-20 transfer', () =>
    expectRefused(checkStepTransaction(bridgeTx({ value: '1' }), chosen()), 'VALUE_MISMATCH'));
  it('native value different from the amount', () => {
    const c = chosen({ fromToken: NATIVE, fromAmount: 10n ** 18n });
    const tx = bridgeTx({ value: '2000000000000000000' }, { tokenIn: NATIVE, amountIn: 10n ** 18n });
    expectRefused(checkStepTransaction(tx, c), 'VALUE_MISMATCH');
  });
  it('zero value for a native transfer', () => {
    const c = chosen({ fromToken: NATIVE, fromAmount: 10n ** 18n });
    expectRefused(
      checkStepTransaction(bridgeTx({ value: '0' }, { tokenIn: NATIVE, amountIn: 10n ** 18n }), c),
      'VALUE_MISMATCH',
    );
  });
  it('malformed value', () =>
    expectRefused(checkStepTransaction(bridgeTx({ value: 'lots' }), chosen()), 'VALUE_MISMATCH'));
  it('empty calldata', () => {
    expectRefused(checkStepTransaction(bridgeTx({ data: '0x' }), chosen()), 'EMPTY_CALLDATA');
    expectRefused(checkStepTransaction(bridgeTx({ data: '' }), chosen()), 'EMPTY_CALLDATA');
  });
  it('calldata that is not the router', () =>
    expectRefused(
      checkStepTransaction(bridgeTx({ data: encodeApprove(ATTACKER, maxUint256) }), chosen()),
      'UNDECODABLE_CALLDATA',
    ));
  it('truncated calldata', () =>
    expectRefused(
      checkStepTransaction(bridgeTx({ data: bridgeData().slice(0, 200) }), chosen()),
      'UNDECODABLE_CALLDATA',
    ));
  it('a swap where a bridge was chosen', () => {
    const data = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swap',
      args: [USDC_1, USDC_10, 1_000_000n, 990_000n, RECIPIENT],
    });
    expectRefused(checkStepTransaction(bridgeTx({ data }), chosen()), 'WRONG_FUNCTION');
  });
  it('a read-only router call', () => {
    const data = encodeFunctionData({ abi: routerAbi, functionName: 'getAmountOut', args: [USDC_1, USDC_10, 1n] });
    expectRefused(checkStepTransaction(bridgeTx({ data }), chosen()), 'UNDECODABLE_CALLDATA');
  });
  it('another source token', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { tokenIn: ATTACKER }), chosen()), 'TOKEN_MISMATCH'));
  it('a larger amount', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { amountIn: 1_000_001n }), chosen()), 'AMOUNT_MISMATCH'));
  it('another destination token', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { dstToken: ATTACKER }), chosen()), 'TOKEN_MISMATCH'));
  it('another destination chain', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { dstChainId: 56n }), chosen()), 'DESTINATION_MISMATCH'));
  it('another recipient', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { recipient: ATTACKER }), chosen()), 'RECIPIENT_MISMATCH'));
  it('the connected account as recipient when another was chosen', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { recipient: ACCOUNT }), chosen()), 'RECIPIENT_MISMATCH'));
  it('a lower minimum than accepted', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { minDstAmount: 989_999n }), chosen()), 'MINIMUM_TOO_LOW'));
  it('a zero minimum (no slippage protection)', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { minDstAmount: 0n }), chosen()), 'MINIMUM_TOO_LOW'));
  it('a swap paying another recipient', () => {
    const data = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swap',
      args: [USDC_1, NATIVE, 1_000_000n, 990_000n, ATTACKER],
    });
    expectRefused(
      checkStepTransaction(bridgeTx({ data }), chosen({ toChainId: 1, toToken: NATIVE })),
      'RECIPIENT_MISMATCH',
    );
  });
});

describe('checkApproval', () => {
  const expected = {
    chainId: 1,
    account: ACCOUNT,
    token: USDC_1,
    spender: ROUTER_ADDRESS,
    amount: 1_000_000n,
  } as const;
  const approval = (over: Partial<CandidateTransaction> = {}): CandidateTransaction => ({
    chainId: 1,
    from: ACCOUNT,
    to: USDC_1,
    value: '0x0',
    data: encodeApprove(ROUTER_ADDRESS, 1_000_000n),
    ...over,
  });

  it('accepts the exact amount to the route spender', () =>
    expect(checkApproval(approval(), expected)).toEqual({ ok: true }));
  it('accepts a reset to zero', () =>
    expect(checkApproval(approval({ data: encodeApprove(ROUTER_ADDRESS, 0n) }), { ...expected, amount: 0n })).toEqual({
      ok: true,
    }));
  it('refuses unlimited unless asked', () => {
    const tx = approval({ data: encodeApprove(ROUTER_ADDRESS, maxUint256) });
    expectRefused(checkApproval(tx, expected), 'APPROVAL_AMOUNT');
    expect(checkApproval(tx, { ...expected, allowUnlimited: true })).toEqual({ ok: true });
  });
  it('refuses more than the amount', () =>
    expectRefused(
      checkApproval(approval({ data: encodeApprove(ROUTER_ADDRESS, 1_000_001n) }), expected),
      'APPROVAL_AMOUNT',
    ));
  it('refuses another spender', () =>
    expectRefused(
      checkApproval(approval({ data: encodeApprove(ATTACKER, 1_000_000n) }), expected),
      'APPROVAL_SPENDER',
    ));
  it('refuses a route spender that is not a known router', () =>
    expectRefused(
      checkApproval(approval({ data: encodeApprove(ATTACKER, 1_000_000n) }), { ...expected, spender: ATTACKER }),
      'APPROVAL_SPENDER',
    ));
  it('refuses another token contract', () =>
    expectRefused(checkApproval(approval({ to: ATTACKER }), expected), 'APPROVAL_TOKEN'));
  it('refuses another chain', () =>
    expectRefused(checkApproval(approval({ chainId: 10 }), expected), 'CHAIN_MISMATCH'));
  it('refuses another sender', () =>
    expectRefused(checkApproval(approval({ from: ATTACKER }), expected), 'FROM_MISMATCH'));
  it('refuses native value', () => expectRefused(checkApproval(approval({ value: '1' }), expected), 'VALUE_MISMATCH'));
  it('refuses other calldata', () =>
    expectRefused(checkApproval(approval({ data: `0xa9059cbb${'0'.repeat(128)}` }), expected), 'UNDECODABLE_CALLDATA'));
});

describe("checkStepTransaction: the devnet router's bridge fields", () => {
  const USDT_1 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
  const USDT_10 = '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58';
  it('refuses another bridge token than the one the route crosses with', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { bridgeToken: USDT_1 }), chosen()), 'TOKEN_MISMATCH'));
  it('refuses a payout from another destination token (a partial fill would pay that token)', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { dstBridgeToken: USDT_10 }), chosen()), 'TOKEN_MISMATCH'));
  it('refuses a delivery amount below the minimum', () => {
    expectRefused(checkStepTransaction(bridgeTx({}, { dstAmount: 989_999n }), chosen()), 'MINIMUM_TOO_LOW');
    expectRefused(checkStepTransaction(bridgeTx({}, { dstAmount: 990_500n }), chosen()), 'MINIMUM_TOO_LOW');
  });
  it('refuses a crossing amount above what is sent (it could only fail)', () =>
    expectRefused(checkStepTransaction(bridgeTx({}, { minBridgeAmount: 1_000_001n }), chosen()), 'AMOUNT_MISMATCH'));
  it("accepts a swap before bridging that keeps the route's own minimum", () => {
    const plan = { bridgeToken: USDC_1, dstBridgeToken: USDC_10, minBridgeAmount: 995_000n } as const;
    const c = chosen({ fromToken: USDT_1, plan });
    const tx = bridgeTx({}, { tokenIn: USDT_1, bridgeToken: USDC_1, minBridgeAmount: 995_000n });
    expect(checkStepTransaction(tx, c)).toEqual({ ok: true });
  });
  it('refuses a swap before bridging with a lower minimum than the route allows', () => {
    const plan = { bridgeToken: USDC_1, dstBridgeToken: USDC_10, minBridgeAmount: 995_000n } as const;
    const c = chosen({ fromToken: USDT_1, plan });
    expectRefused(
      checkStepTransaction(bridgeTx({}, { tokenIn: USDT_1, bridgeToken: USDC_1, minBridgeAmount: 1n }), c),
      'MINIMUM_TOO_LOW',
    );
    // Without steps naming the swap, a swap before bridging cannot be checked: refused.
    expectRefused(
      checkStepTransaction(
        bridgeTx({}, { tokenIn: USDT_1, bridgeToken: USDC_1, minBridgeAmount: 995_000n }),
        chosen({ fromToken: USDT_1 }),
      ),
      'TOKEN_MISMATCH',
    );
  });
  it('accepts the destination swap the route names', () => {
    const plan = { bridgeToken: USDC_1, dstBridgeToken: USDC_10 } as const;
    const c = chosen({ toToken: USDT_10, plan });
    expect(checkStepTransaction(bridgeTx({}, { dstBridgeToken: USDC_10, dstToken: USDT_10 }), c)).toEqual({ ok: true });
  });
});

describe("checkStepTransaction: LI.FI's diamond", () => {
  const lifiChosen = (over: Partial<ChosenTransfer> = {}) =>
    chosen({
      fromChainId: 1,
      toChainId: 42161,
      fromToken: lifi.USDC_ETH,
      toToken: lifi.USDC_ARB,
      fromAmount: 50_000_000n,
      account: lifi.SENDER,
      recipient: lifi.SENDER,
      toAmountMin: 49_890_000n,
      target: undefined,
      ...over,
    });
  const lifiTx = (data: `0x${string}`, over: Partial<CandidateTransaction> = {}): CandidateTransaction => ({
    chainId: 1,
    from: lifi.SENDER,
    to: LIFI_DIAMOND_ADDRESS,
    data,
    value: '0',
    ...over,
  });

  it('accepts an honest Across bridge', () =>
    expect(checkStepTransaction(lifiTx(lifi.startBridge()), lifiChosen())).toEqual({ ok: true }));
  it('accepts an honest swap then bridge', () =>
    expect(
      checkStepTransaction(
        lifiTx(lifi.swapAndBridge()),
        lifiChosen({ fromToken: lifi.USDT_ETH, toAmountMin: 49_800_000n }),
      ),
    ).toEqual({ ok: true }));
  it('accepts an honest same-chain swap', () =>
    expect(
      checkStepTransaction(
        lifiTx(lifi.genericSwap('swapTokensSingleV3ERC20ToERC20', [lifi.swap()])),
        lifiChosen({ toChainId: 1, fromToken: lifi.USDT_ETH, toToken: lifi.USDC_ETH, toAmountMin: 49_750_000n }),
      ),
    ).toEqual({ ok: true }));

  it.each([
    ['10× the amount', lifi.startBridge({ minAmount: 500_000_000n }), 'AMOUNT_MISMATCH'],
    [
      'another source token',
      lifi.startBridge({ sendingAssetId: lifi.USDT_ETH }, { sendingAssetId: lifi.word(lifi.USDT_ETH) }),
      'TOKEN_MISMATCH',
    ],
    [
      'another destination token',
      lifi.startBridge({}, { receivingAssetId: lifi.word(lifi.USDT_ETH) }),
      'TOKEN_MISMATCH',
    ],
    ['another destination chain', lifi.startBridge({ destinationChainId: 10n }), 'DESTINATION_MISMATCH'],
    [
      'another receiver',
      lifi.startBridge({ receiver: lifi.ATTACKER }, { receiverAddress: lifi.word(lifi.ATTACKER) }),
      'RECIPIENT_MISMATCH',
    ],
    ['a lower output amount', lifi.startBridge({}, { outputAmount: 49_889_999n }), 'MINIMUM_TOO_LOW'],
    ['a destination call', lifi.startBridge({ hasDestinationCall: true }), 'DESTINATION_CALL'],
    ['refunds to someone else', lifi.startBridge({}, { refundAddress: lifi.word(lifi.ATTACKER) }), 'REFUND_MISMATCH'],
    [
      'disagreeing receivers',
      lifi.startBridge({}, { receiverAddress: lifi.word(lifi.ATTACKER) }),
      'UNDECODABLE_CALLDATA',
    ],
    [
      'a swap where a bridge was chosen',
      lifi.genericSwap('swapTokensSingleV3ERC20ToERC20', [lifi.swap()]),
      'WRONG_FUNCTION',
    ],
    ['a facet the extension cannot read', `0x12345678${'00'.repeat(64)}` as const, 'UNDECODABLE_CALLDATA'],
  ] as const)('refuses %s', (_name, data, code) =>
    expectRefused(checkStepTransaction(lifiTx(data), lifiChosen()), code),
  );

  it('refuses a non-EVM receiver when an EVM recipient was chosen', () => {
    const data = lifi.startBridge(
      { receiver: LIFI_NON_EVM_ADDRESS },
      { receiverAddress: `0x${'ab'.repeat(32)}`, receivingAssetId: lifi.word(lifi.USDC_ARB) },
    );
    expectRefused(checkStepTransaction(lifiTx(data), lifiChosen()), 'RECIPIENT_MISMATCH');
  });
  it('refuses the diamond address on a chain where it is not pinned', () =>
    expectRefused(
      checkStepTransaction(lifiTx(lifi.startBridge(), { chainId: 31337 }), lifiChosen({ fromChainId: 31337 })),
      'UNKNOWN_TARGET',
    ));
  it('refuses a lower _minAmountOut or another receiver on a generic swap', () => {
    const c = lifiChosen({ toChainId: 1, fromToken: lifi.USDT_ETH, toToken: lifi.USDC_ETH, toAmountMin: 49_750_000n });
    const low = lifi.genericSwap('swapTokensSingleV3ERC20ToERC20', [lifi.swap()], { minAmountOut: 49_749_999n });
    expectRefused(checkStepTransaction(lifiTx(low), c), 'MINIMUM_TOO_LOW');
    const other = lifi.genericSwap('swapTokensSingleV3ERC20ToERC20', [lifi.swap()], { receiver: lifi.ATTACKER });
    expectRefused(checkStepTransaction(lifiTx(other), c), 'RECIPIENT_MISMATCH');
  });
  it('a native-coin swap must send exactly the amount as value', () => {
    const data = lifi.genericSwap('swapTokensSingleV3NativeToERC20', [lifi.swap({ sendingAssetId: lifi.NATIVE })]);
    const c = lifiChosen({ toChainId: 1, fromToken: lifi.NATIVE, toToken: lifi.USDC_ETH, toAmountMin: 49_750_000n });
    expect(checkStepTransaction(lifiTx(data, { value: '50000000' }), c)).toEqual({ ok: true });
    expectRefused(checkStepTransaction(lifiTx(data, { value: '500000000' }), c), 'VALUE_MISMATCH');
  });
});

describe('checkApproval: spenders are pinned per chain', () => {
  const approval = (spender: `0x${string}`, chainId: number): [CandidateTransaction, ExpectedApproval] => [
    { chainId, from: ACCOUNT, to: USDC_1, value: '0', data: encodeApprove(spender, 5n) },
    { chainId, account: ACCOUNT, token: USDC_1, spender, amount: 5n },
  ];
  it("accepts LI.FI's diamond where it is deployed", () =>
    expect(checkApproval(...approval(LIFI_DIAMOND_ADDRESS, 1))).toEqual({ ok: true }));
  it('refuses the diamond or the devnet router on a chain neither is pinned for', () => {
    expectRefused(checkApproval(...approval(LIFI_DIAMOND_ADDRESS, 8217)), 'APPROVAL_SPENDER');
    expectRefused(checkApproval(...approval(ROUTER_ADDRESS, 56)), 'APPROVAL_SPENDER');
  });
});

describe('checkStepTransaction: a bridge to a Solana wallet', () => {
  const SOLANA = 1151111081099710;
  const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
  const USDT_SOLANA = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
  const RECEIVER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
  const OTHER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
  const toSolana = chosen({ toChainId: SOLANA, toToken: USDC_SOLANA, recipient: RECEIVER });
  const nonEvm = (over: { receiver?: string; mint?: string; dstChainId?: bigint; minDstAmount?: bigint } = {}) =>
    bridgeTx({
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'startBridgeToNonEvm',
        args: [
          {
            routeId: ZERO32,
            tool: ZERO32,
            tokenIn: USDC_1,
            amountIn: 1_000_000n,
            bridgeToken: USDC_1,
            minBridgeAmount: 1_000_000n,
            dstChainId: over.dstChainId ?? BigInt(SOLANA),
            dstBridgeToken: LIFI_NON_EVM_ADDRESS,
            dstToken: LIFI_NON_EVM_ADDRESS,
            dstAmount: 996_000n,
            minDstAmount: over.minDstAmount ?? 991_000n,
            recipient: LIFI_NON_EVM_ADDRESS,
          },
          solanaAddressToWord(over.receiver ?? RECEIVER),
          solanaAddressToWord(over.mint ?? USDC_SOLANA),
        ],
      }),
    });

  it('accepts the devnet router call that pays the typed Solana address in the chosen mint', () => {
    expect(checkStepTransaction(nonEvm(), toSolana)).toEqual({ ok: true });
  });

  it('refuses another Solana receiver, the same key in another case, another mint, chain or a lower minimum', () => {
    expectRefused(checkStepTransaction(nonEvm({ receiver: OTHER }), toSolana), 'RECIPIENT_MISMATCH');
    // base58 is case-sensitive: a key differing only in case is another key.
    expect(OTHER.toLowerCase()).not.toBe(OTHER);
    expectRefused(
      checkStepTransaction(nonEvm(), { ...toSolana, recipient: RECEIVER.toUpperCase() }),
      'RECIPIENT_MISMATCH',
    );
    expectRefused(checkStepTransaction(nonEvm({ mint: USDT_SOLANA }), toSolana), 'TOKEN_MISMATCH');
    // The non-EVM entry of the devnet router pays Solana only: any other chain there is not read at all.
    expectRefused(checkStepTransaction(nonEvm({ dstChainId: 10n }), toSolana), 'UNDECODABLE_CALLDATA');
    expectRefused(checkStepTransaction(nonEvm({ minDstAmount: 900_000n }), toSolana), 'MINIMUM_TOO_LOW');
  });

  it("refuses LI.FI's placeholder receiver when the person chose an EVM destination", () => {
    expectRefused(checkStepTransaction(nonEvm(), chosen()), 'DESTINATION_MISMATCH');
  });
});
