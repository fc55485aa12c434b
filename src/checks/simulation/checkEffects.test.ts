import { encodeAbiParameters, encodeEventTopics, type Hex, pad } from 'viem';
import { describe, expect, it } from 'vitest';
import { LIFI_DIAMOND_ADDRESS, LIFI_NON_EVM_ADDRESS } from '../../contracts/lifiDiamond';
import { ROUTER_ADDRESS, routerAbi } from '../../contracts/router';
import { solanaAddressToWord } from '../../lib/solanaAddress';
import { checkEffects, type EffectsExpectation } from './checkEffects';
import { readEffects, type SimulatedEffects } from './effects';
import { ACROSS_SPOKE_POOLS, acrossEventsAbi, erc20EventsAbi, lifiSimulationEventsAbi } from './eventAbis';
import type { SimulatedCall, SimulatedLog } from './simulateCalls';

/**
 * The effects reader on logs encoded with the events' real ABIs (Across's deposit and LI.FI's non-EVM receiver, which
 * the devnet's contracts do not emit), and the checker's rules one by one. The devnet runs of the whole flow are in
 * src/signing/executeTransfer.devnet.test.ts.
 */

const ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' as const;
const ATTACKER = '0x000000000000000000000000000000000000dead' as const;
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' as const;
const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831' as const;
const WETH_ARB = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1' as const;
const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f' as const;
const SPOKE = ACROSS_SPOKE_POOLS[1]!.toLowerCase() as `0x${string}`;
const DIAMOND = LIFI_DIAMOND_ADDRESS.toLowerCase() as `0x${string}`;
const SOLANA_RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const word = (address: string) => pad(address as Hex, { size: 32 });

/** encodeEventTopics leaves null for an indexed argument not given; every test gives them all. */
const log = (address: string, topics: readonly unknown[], data: Hex): SimulatedLog => ({
  address: address.toLowerCase() as `0x${string}`,
  topics: topics.filter((t): t is Hex => typeof t === 'string'),
  data,
});
const transferLog = (token: string, from: string, to: string, value: bigint) =>
  log(
    token,
    encodeEventTopics({ abi: erc20EventsAbi, eventName: 'Transfer', args: { from: from as Hex, to: to as Hex } }),
    encodeAbiParameters([{ type: 'uint256' }], [value]),
  );
const approvalLog = (token: string, owner: string, spender: string, value: bigint) =>
  log(
    token,
    encodeEventTopics({
      abi: erc20EventsAbi,
      eventName: 'Approval',
      args: { owner: owner as Hex, spender: spender as Hex },
    }),
    encodeAbiParameters([{ type: 'uint256' }], [value]),
  );
function fundsDeposited(over: { recipient?: Hex; outputToken?: Hex; outputAmount?: bigint; chainId?: bigint } = {}) {
  return log(
    SPOKE,
    encodeEventTopics({
      abi: acrossEventsAbi,
      eventName: 'FundsDeposited',
      args: { destinationChainId: over.chainId ?? 42161n, depositId: 7n, depositor: word(DIAMOND) },
    }),
    encodeAbiParameters(
      [
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'uint32' },
        { type: 'uint32' },
        { type: 'uint32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes' },
      ],
      [
        word(USDC),
        over.outputToken ?? word(USDC_ARB),
        25_000_000n,
        over.outputAmount ?? 24_900_000n,
        1_700_000_000,
        1_700_020_000,
        0,
        over.recipient ?? word(ACCOUNT),
        word('0x0000000000000000000000000000000000000000'),
        '0x',
      ],
    ),
  );
}
function lifiStarted(receiver: string, chainId = 42161n, over: { sendingAssetId?: string; minAmount?: bigint } = {}) {
  const bridgeData = {
    transactionId: `0x${'1'.repeat(64)}` as Hex,
    bridge: 'across',
    integrator: 'test',
    referrer: '0x0000000000000000000000000000000000000000' as Hex,
    sendingAssetId: (over.sendingAssetId ?? USDC) as Hex,
    receiver: receiver as Hex,
    minAmount: over.minAmount ?? 25_000_000n,
    destinationChainId: chainId,
    hasSourceSwaps: false,
    hasDestinationCall: false,
  };
  const event = lifiSimulationEventsAbi.find((e) => e.type === 'event' && e.name === 'LiFiTransferStarted')!;
  return log(
    DIAMOND,
    encodeEventTopics({ abi: [event], eventName: 'LiFiTransferStarted' }),
    encodeAbiParameters(
      (event as { inputs: readonly { type: string; components?: unknown }[] }).inputs as never,
      [bridgeData] as never,
    ),
  );
}

const call = (...logs: SimulatedLog[]): SimulatedCall => ({ ok: true, returnData: '0x', gasUsed: 1n, logs });

/** LI.FI's Across facet in production: the diamond pulls the USDC, deposits it with the spoke pool. */
const honestAcross = () => [
  call(approvalLog(USDC, ACCOUNT, DIAMOND, 25_000_000n)),
  call(
    transferLog(USDC, ACCOUNT, DIAMOND, 25_000_000n),
    transferLog(USDC, DIAMOND, SPOKE, 25_000_000n),
    fundsDeposited(),
    lifiStarted(ACCOUNT),
  ),
];

const expected = (over: Partial<EffectsExpectation> = {}): EffectsExpectation => ({
  chainId: 1,
  account: ACCOUNT,
  fromToken: USDC,
  fromAmount: 25_000_000n,
  toChainId: 42161,
  recipient: ACCOUNT,
  toToken: USDC_ARB,
  toAmountMin: 24_800_000n,
  routers: [LIFI_DIAMOND_ADDRESS, ROUTER_ADDRESS],
  spender: LIFI_DIAMOND_ADDRESS,
  allowanceBefore: 0n,
  allowanceAfter: 0n,
  fromLabel: { symbol: 'USDC', decimals: 6 },
  toLabel: { symbol: 'USDC', decimals: 6 },
  ...over,
});

const check = (calls: SimulatedCall[], over: Partial<EffectsExpectation> = {}) =>
  checkEffects(readEffects(calls), expected(over));

describe('readEffects', () => {
  it('reads Across’s deposit and LI.FI’s announcement', () => {
    const effects: SimulatedEffects = readEffects(honestAcross());
    // Across's deposit as it is logged; LI.FI's once its call's logs are read (a non-EVM receiver may follow it).
    expect(effects.deposits).toEqual([
      {
        call: 1,
        kind: 'across',
        emitter: SPOKE,
        destinationChainId: 42161,
        receiver: ACCOUNT,
        bridgedToken: USDC,
        bridgedAmount: 25_000_000n,
        deliveredToken: USDC_ARB,
        minDelivered: 24_900_000n,
      },
      {
        call: 1,
        kind: 'lifi',
        emitter: DIAMOND,
        destinationChainId: 42161,
        receiver: ACCOUNT,
        bridgedToken: USDC,
        bridgedAmount: 25_000_000n,
      },
    ]);
  });

  it('reads WETH paid out by Across without a message as the native coin it delivers', () => {
    const [deposit] = readEffects([call(fundsDeposited({ outputToken: word(WETH_ARB) }))]).deposits;
    expect(deposit?.deliveredToken).toBe('0x0000000000000000000000000000000000000000');
  });

  it('reads a Solana receiver from the event beside LI.FI’s placeholder', () => {
    const receiverEvent = lifiSimulationEventsAbi.find(
      (e) => e.type === 'event' && e.name === 'BridgeToNonEVMChainBytes32',
    )!;
    const beside = log(
      DIAMOND,
      encodeEventTopics({
        abi: [receiverEvent],
        eventName: 'BridgeToNonEVMChainBytes32',
        args: { transactionId: `0x${'1'.repeat(64)}`, destinationChainId: 1151111081099710n },
      } as never),
      encodeAbiParameters([{ type: 'bytes32' }], [solanaAddressToWord(SOLANA_RECEIVER)]),
    );
    const [deposit] = readEffects([call(beside, lifiStarted(LIFI_NON_EVM_ADDRESS, 1151111081099710n))]).deposits;
    expect(deposit?.receiver).toBe(SOLANA_RECEIVER);
  });
});

describe('checkEffects', () => {
  it('accepts the honest Across transfer', () => {
    expect(check(honestAcross())).toEqual({ ok: true });
  });

  it('refuses another token leaving the account', () => {
    const calls = honestAcross();
    calls[1]!.logs.push(transferLog(DAI, ACCOUNT, DIAMOND, 10n ** 18n));
    expect(check(calls)).toMatchObject({ ok: false, code: 'SIM_OTHER_ASSET' });
  });

  it('refuses an approval to anyone but the route’s contract', () => {
    const calls = honestAcross();
    calls[0]!.logs.push(approvalLog(USDC, ACCOUNT, ATTACKER, 1n));
    expect(check(calls)).toMatchObject({ ok: false, code: 'SIM_APPROVAL_SPENDER' });
  });

  it('refuses an allowance left beyond the transfer, unless the person asked for unlimited', () => {
    expect(check(honestAcross(), { allowanceAfter: 1n })).toMatchObject({
      ok: false,
      code: 'SIM_ALLOWANCE_LEFT',
      reason: 'the simulation shows 0.000001 USDC still approved after the transfer.',
    });
    expect(check(honestAcross(), { allowanceAfter: 1n, allowUnlimited: true })).toEqual({ ok: true });
    // An allowance the person had before, less what this transfer uses, is theirs to keep.
    expect(check(honestAcross(), { allowanceBefore: 30_000_000n, allowanceAfter: 5_000_000n })).toEqual({ ok: true });
  });

  it('refuses a deposit to another chain, another receiver, another token or below the floor', () => {
    const swap = (deposit: SimulatedLog) => {
      const calls = honestAcross();
      calls[1]!.logs[2] = deposit;
      return calls;
    };
    expect(check(swap(fundsDeposited({ chainId: 10n })))).toMatchObject({ code: 'SIM_DEPOSIT_MISMATCH' });
    expect(check(swap(fundsDeposited({ recipient: word(ATTACKER) })))).toMatchObject({ code: 'SIM_DEPOSIT_MISMATCH' });
    expect(check(swap(fundsDeposited({ outputToken: word(DAI) })))).toMatchObject({ code: 'SIM_DEPOSIT_MISMATCH' });
    expect(check(swap(fundsDeposited({ outputAmount: 1n })))).toMatchObject({ code: 'SIM_MINIMUM' });
  });

  it('refuses LI.FI announcing another receiver than the bridge pays', () => {
    const calls = honestAcross();
    calls[1]!.logs[3] = lifiStarted(ATTACKER);
    expect(check(calls)).toMatchObject({ code: 'SIM_DEPOSIT_MISMATCH' });
  });

  it('refuses a deposit event from a contract that is not the chain’s bridge, and a second deposit', () => {
    const foreign = honestAcross();
    foreign[1]!.logs[2] = { ...fundsDeposited(), address: ATTACKER };
    expect(check(foreign)).toMatchObject({ ok: false });
    const twice = honestAcross();
    twice[1]!.logs.push(fundsDeposited());
    expect(check(twice)).toMatchObject({ code: 'SIM_DEPOSIT_MISMATCH' });
  });

  it('refuses funds resting anywhere but the routers, the bridge and the account; accepts a pool that pays back', () => {
    const POOL = '0x00000000000000000000000000000000000000aa';
    const calls = honestAcross();
    // A swap pool takes DAI from the diamond and pays USDC back: a counterparty, accepted.
    calls[1]!.logs.push(transferLog(DAI, DIAMOND, POOL, 5n), transferLog(USDC, POOL, DIAMOND, 5n));
    expect(check(calls)).toEqual({ ok: true });
    calls[1]!.logs.push(transferLog(USDC, POOL, ATTACKER, 5n));
    expect(check(calls)).toMatchObject({ ok: false, code: 'SIM_PAID_ELSEWHERE' });
  });

  it('accepts the native coin wrapped by Across’s pool on its way into the deposit', () => {
    const NATIVE = '0x0000000000000000000000000000000000000000';
    const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
    const nativeMove = (from: string, to: string, value: bigint) =>
      transferLog('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', from, to, value);
    const deposit = fundsDeposited({ outputToken: word(WETH_ARB) });
    const calls = [
      call(
        nativeMove(ACCOUNT, DIAMOND, 25_000_000n),
        nativeMove(DIAMOND, SPOKE, 25_000_000n),
        nativeMove(SPOKE, WETH, 25_000_000n),
        deposit,
      ),
    ];
    expect(check(calls, { fromToken: NATIVE, toToken: NATIVE, spender: undefined, allowanceAfter: undefined })).toEqual(
      { ok: true },
    );
  });

  it('refuses a same-chain swap paying the recipient less than the floor', () => {
    const calls = [
      call(
        transferLog(USDC, ACCOUNT, ROUTER_ADDRESS, 25_000_000n),
        transferLog(DAI, ROUTER_ADDRESS, ACCOUNT, 10n ** 18n),
      ),
    ];
    const sameChain = { toChainId: 1, toToken: DAI, spender: ROUTER_ADDRESS, toLabel: { symbol: 'DAI', decimals: 18 } };
    expect(check(calls, { ...sameChain, toAmountMin: 10n ** 18n })).toEqual({ ok: true });
    expect(check(calls, { ...sameChain, toAmountMin: 2n * 10n ** 18n })).toMatchObject({
      code: 'SIM_MINIMUM',
      reason: 'the simulation shows at least 1 DAI delivered, less than the 2 DAI you were shown.',
    });
  });
});

describe('checkEffects on a LI.FI facet whose bridge logs nothing read here', () => {
  const DEPOSITORY = '0x00000000000000000000000000000000000000d1';
  const POOL = '0x00000000000000000000000000000000000000aa';
  const NATIVE = '0x0000000000000000000000000000000000000000' as const;
  const nativeMove = (from: string, to: string, value: bigint) =>
    transferLog('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', from, to, value);
  const assetSwapped = (fromAssetId: string, toAssetId: string, fromAmount: bigint, toAmount: bigint) => {
    const event = lifiSimulationEventsAbi.find((e) => e.type === 'event' && e.name === 'AssetSwapped')!;
    return log(
      DIAMOND,
      encodeEventTopics({ abi: [event], eventName: 'AssetSwapped' }),
      encodeAbiParameters(
        (event as { inputs: readonly { type: string }[] }).inputs as never,
        [`0x${'1'.repeat(64)}`, POOL, fromAssetId, toAssetId, fromAmount, toAmount, 1_700_000_000n] as never,
      ),
    );
  };
  const facet = (over: Partial<NonNullable<EffectsExpectation['lifiFacet']>> = {}) => ({
    lifiFacet: { diamond: LIFI_DIAMOND_ADDRESS, receiver: ACCOUNT, ...over },
  });
  /** RelayDepositoryFacet: the diamond pulls the USDC and pays it to Relay's depository, which logs nothing read here. */
  const relay = (...tail: SimulatedLog[]) => [
    call(approvalLog(USDC, ACCOUNT, DIAMOND, 25_000_000n)),
    call(
      transferLog(USDC, ACCOUNT, DIAMOND, 25_000_000n),
      transferLog(USDC, DIAMOND, DEPOSITORY, 25_000_000n),
      ...tail,
    ),
  ];

  it('accepts the diamond paying Relay’s depository what LI.FI’s record names, and only for a facet call', () => {
    expect(check(relay(lifiStarted(ACCOUNT)), facet())).toEqual({ ok: true });
    // Without the decoded facet the depository is no place the person's funds may rest.
    expect(check(relay(lifiStarted(ACCOUNT)))).toMatchObject({ code: 'SIM_PAID_ELSEWHERE' });
  });

  it('refuses LI.FI’s record naming another chain, receiver or token, or missing', () => {
    expect(check(relay(lifiStarted(ACCOUNT, 10n)), facet())).toMatchObject({ code: 'SIM_DEPOSIT_MISMATCH' });
    expect(check(relay(lifiStarted(ATTACKER)), facet())).toMatchObject({ code: 'SIM_DEPOSIT_MISMATCH' });
    expect(check(relay(lifiStarted(ACCOUNT, 42161n, { sendingAssetId: DAI })), facet())).toMatchObject({
      code: 'SIM_DEPOSIT_MISMATCH',
    });
    // No record: nothing says where the diamond hands over, so the depository is paid elsewhere, as before.
    expect(check(relay(), facet())).toMatchObject({ code: 'SIM_PAID_ELSEWHERE' });
  });

  it('accepts LI.FI’s non-EVM placeholder only when the facet’s own receiver is the chosen one', () => {
    const solana = { toChainId: 1151111081099710, recipient: SOLANA_RECEIVER };
    const calls = () => relay(lifiStarted(LIFI_NON_EVM_ADDRESS, 1151111081099710n));
    expect(check(calls(), { ...solana, ...facet({ receiver: SOLANA_RECEIVER }) })).toEqual({ ok: true });
    expect(check(calls(), { ...solana, ...facet({ receiver: ATTACKER }) })).toMatchObject({
      code: 'SIM_DEPOSIT_MISMATCH',
    });
    // The placeholder with no receiver named is no deposit at all to the checks of Across and the router.
    expect(check(calls(), solana)).toMatchObject({ ok: false });
  });

  it('refuses the diamond paying out less than the plan bridges, or more than entered it', () => {
    const short = [
      call(approvalLog(USDC, ACCOUNT, DIAMOND, 25_000_000n)),
      call(
        transferLog(USDC, ACCOUNT, DIAMOND, 25_000_000n),
        transferLog(USDC, DIAMOND, DEPOSITORY, 20_000_000n),
        lifiStarted(ACCOUNT),
      ),
    ];
    expect(check(short, facet())).toMatchObject({ code: 'SIM_MINIMUM' });
    // Paying the depository from what others left in the diamond.
    expect(check(relay(transferLog(USDC, DIAMOND, DEPOSITORY, 1n), lifiStarted(ACCOUNT)), facet())).toMatchObject({
      code: 'SIM_AMOUNT',
    });
  });

  it('accepts the native fee its calldata names beside the token, and refuses any other native outflow', () => {
    const withFee = (paid: bigint) => [
      call(approvalLog(USDC, ACCOUNT, DIAMOND, 25_000_000n)),
      call(
        nativeMove(ACCOUNT, DIAMOND, 1_000n),
        transferLog(USDC, ACCOUNT, DIAMOND, 25_000_000n),
        transferLog(USDC, DIAMOND, DEPOSITORY, 25_000_000n),
        nativeMove(DIAMOND, DEPOSITORY, paid),
        lifiStarted(ACCOUNT),
      ),
    ];
    expect(check(withFee(1_000n), facet({ nativeFee: 1_000n }))).toEqual({ ok: true });
    expect(check(withFee(1_000n), facet())).toMatchObject({ code: 'SIM_OTHER_ASSET' });
    expect(check(withFee(400n), facet({ nativeFee: 1_000n }))).toMatchObject({ code: 'SIM_DEPOSIT_MISMATCH' });
    // The native coin crossing itself: exactly the amount, and beside it exactly the fee.
    const native = (fee: bigint) => [
      call(
        nativeMove(ACCOUNT, DIAMOND, 25_000_000n + 1_000n),
        nativeMove(DIAMOND, DEPOSITORY, 25_000_000n + fee),
        lifiStarted(ACCOUNT, 42161n, { sendingAssetId: NATIVE }),
      ),
    ];
    const sendsNative = { fromToken: NATIVE, toToken: NATIVE, spender: undefined, allowanceAfter: undefined };
    expect(check(native(1_000n), { ...sendsNative, ...facet({ nativeFee: 1_000n }) })).toEqual({ ok: true });
    expect(check(native(600n), { ...sendsNative, ...facet({ nativeFee: 1_000n }) })).toMatchObject({
      code: 'SIM_DEPOSIT_MISMATCH',
    });
  });

  describe('with a swap before the bridge', () => {
    const swapFirst = { plan: { bridgeToken: USDC, dstBridgeToken: USDC_ARB, minBridgeAmount: 24_000_000n } };
    const daiIn = 25n * 10n ** 18n;
    const swapped = (...swap: SimulatedLog[]) => [
      call(approvalLog(DAI, ACCOUNT, DIAMOND, daiIn)),
      call(
        transferLog(DAI, ACCOUNT, DIAMOND, daiIn),
        transferLog(DAI, DIAMOND, POOL, daiIn),
        ...swap,
        assetSwapped(DAI, USDC, daiIn, 25_000_000n),
        transferLog(USDC, DIAMOND, DEPOSITORY, 25_000_000n),
        lifiStarted(ACCOUNT),
      ),
    ];
    const over = {
      ...swapFirst,
      fromToken: DAI,
      fromAmount: daiIn,
      spender: LIFI_DIAMOND_ADDRESS,
      allowanceAfter: 0n,
      ...facet({ hasSourceSwaps: true }),
    };

    it('accepts a pool paying the diamond, which pays the bridge', () => {
      expect(check(swapped(transferLog(USDC, POOL, DIAMOND, 25_000_000n)), over)).toEqual({ ok: true });
    });

    it('refuses a swap paying an outsider, whether the pool or the diamond pays it (issue 30, attack 1)', () => {
      expect(
        check(
          swapped(transferLog(USDC, POOL, DIAMOND, 25_000_000n), transferLog(USDC, POOL, ATTACKER, 5_000_000n)),
          over,
        ),
      ).toMatchObject({ code: 'SIM_PAID_ELSEWHERE' });
      expect(
        check(
          swapped(transferLog(USDC, POOL, DIAMOND, 30_000_000n), transferLog(USDC, DIAMOND, ATTACKER, 5_000_000n)),
          over,
        ),
      ).toMatchObject({ code: 'SIM_PAID_ELSEWHERE' });
    });

    it('refuses a swap the diamond does not log, which leaves no hand-off to read', () => {
      const calls = swapped(transferLog(USDC, POOL, DIAMOND, 25_000_000n));
      calls[1]!.logs.splice(3, 1);
      expect(check(calls, over)).toMatchObject({ ok: false });
    });
  });
});

describe('checkEffects with gas on arrival (LI.FI fromAmountForGas, Gas.zip on the devnet router)', () => {
  const PERIPHERY = '0x363d698649cd04f9692ab86e8365b227c1ee859d';
  const NATIVE = '0x0000000000000000000000000000000000000000' as const;
  const GAS = 2_000_000n;
  const WEI = 6n * 10n ** 14n;
  const nativeMove = (from: string, to: string, value: bigint) =>
    transferLog('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', from, to, value);
  /** The devnet router's deposit of Gas.zip's native coin, as the periphery makes it. */
  const gasStarted = (over: { recipient?: string; dstChainId?: bigint; token?: string } = {}) => {
    const token = (over.token ?? NATIVE) as Hex;
    const event = routerAbi.find((e) => e.type === 'event' && e.name === 'BridgeStarted')!;
    return log(
      ROUTER_ADDRESS,
      encodeEventTopics({
        abi: [event],
        eventName: 'BridgeStarted',
        args: { depositId: `0x${'2'.repeat(64)}`, sender: PERIPHERY as Hex },
      } as never),
      encodeAbiParameters(
        (event as { inputs: readonly { indexed?: boolean }[] }).inputs.slice(2) as never,
        [
          {
            routeId: `0x${'3'.repeat(64)}`,
            tool: pad('0x67617a5a6970427269646765', { dir: 'right', size: 32 }),
            tokenIn: token,
            amountIn: WEI,
            bridgeToken: token,
            minBridgeAmount: WEI,
            dstChainId: over.dstChainId ?? 42161n,
            dstBridgeToken: token,
            dstToken: token,
            dstAmount: WEI,
            minDstAmount: WEI,
            recipient: (over.recipient ?? ACCOUNT) as Hex,
          },
          WEI,
        ] as never,
      ),
    );
  };
  /** 25 USDC in: 2 to the periphery, swapped to ETH and deposited with Gas.zip; Across takes the other 23. */
  const withGas = (gas = gasStarted()) => [
    call(approvalLog(USDC, ACCOUNT, DIAMOND, 25_000_000n)),
    call(
      transferLog(USDC, ACCOUNT, DIAMOND, 25_000_000n),
      transferLog(USDC, DIAMOND, PERIPHERY, GAS),
      transferLog(USDC, PERIPHERY, ROUTER_ADDRESS, GAS),
      nativeMove(ROUTER_ADDRESS, PERIPHERY, WEI),
      nativeMove(PERIPHERY, ROUTER_ADDRESS, WEI),
      gas,
      transferLog(USDC, DIAMOND, SPOKE, 23_000_000n),
      fundsDeposited(),
      lifiStarted(ACCOUNT, 42161n, { minAmount: 23_000_000n }),
    ),
  ];
  const chosen = { gasOnArrival: { amount: GAS }, toAmountMin: 22_800_000n };

  it('accepts Gas.zip’s deposit of the chosen gas beside the bridge’s, the rest crossing', () => {
    expect(check(withGas(), chosen)).toEqual({ ok: true });
  });

  it('refuses the same deposits when no gas on arrival was chosen', () => {
    expect(check(withGas(), { toAmountMin: 22_800_000n })).toMatchObject({ code: 'SIM_DEPOSIT_MISMATCH' });
  });

  it.each([
    ['to someone else', gasStarted({ recipient: ATTACKER })],
    ['on another chain', gasStarted({ dstChainId: 10n })],
    ['in a token', gasStarted({ token: USDC })],
  ])('refuses gas deposited %s', (_label, gas) => {
    expect(check(withGas(gas), chosen)).toMatchObject({ ok: false, code: 'SIM_DEPOSIT_MISMATCH' });
  });

  it('refuses a bridge deposit below the amount less the chosen gas', () => {
    expect(check(withGas(), { ...chosen, gasOnArrival: { amount: GAS - 1n } })).toMatchObject({ code: 'SIM_MINIMUM' });
  });
});

describe('checkEffects with gas on arrival on a LI.FI chain (Gas.zip’s pinned router, which logs nothing read here)', () => {
  const PERIPHERY = '0x363d698649cd04f9692ab86e8365b227c1ee859d';
  const GAS_ZIP = '0x2a37d63eadfe4b4682a3c28c1c2cd4f109cc2762';
  const GAS_ZIP_VAULT = '0x00000000000000000000000000000000000000f2';
  const POOL = '0x00000000000000000000000000000000000000aa';
  const DEPOSITORY = '0x00000000000000000000000000000000000000d1';
  const GAS = 2_000_000n;
  const WEI = 6n * 10n ** 14n;
  const nativeMove = (from: string, to: string, value: bigint) =>
    transferLog('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', from, to, value);
  /** The periphery's part: 2 USDC in, swapped to ETH in a pool, the ETH paid into Gas.zip's router, which moves it on. */
  const gasZipSteps = (payments: SimulatedLog[] = [nativeMove(PERIPHERY, GAS_ZIP, WEI)]) => [
    transferLog(USDC, DIAMOND, PERIPHERY, GAS),
    transferLog(USDC, PERIPHERY, POOL, GAS),
    nativeMove(POOL, PERIPHERY, WEI),
    ...payments,
    nativeMove(GAS_ZIP, GAS_ZIP_VAULT, WEI),
  ];
  /** Across takes the other 23 USDC. */
  const acrossWithGas = (payments?: SimulatedLog[]) => [
    call(approvalLog(USDC, ACCOUNT, DIAMOND, 25_000_000n)),
    call(
      transferLog(USDC, ACCOUNT, DIAMOND, 25_000_000n),
      ...gasZipSteps(payments),
      transferLog(USDC, DIAMOND, SPOKE, 23_000_000n),
      fundsDeposited(),
      lifiStarted(ACCOUNT, 42161n, { minAmount: 23_000_000n }),
    ),
  ];
  const chosen = { gasOnArrival: { amount: GAS }, toAmountMin: 22_800_000n };

  it('accepts the chosen gas paid once into Gas.zip’s router beside Across’s deposit, Gas.zip moving it on', () => {
    expect(check(acrossWithGas(), chosen)).toEqual({ ok: true });
  });

  it('refuses the native coin paid into Gas.zip’s router when no gas on arrival was chosen', () => {
    expect(check(acrossWithGas(), { toAmountMin: 22_800_000n })).toMatchObject({ code: 'SIM_PAID_ELSEWHERE' });
  });

  it.each([
    ['paid twice', [nativeMove(PERIPHERY, GAS_ZIP, WEI / 2n), nativeMove(PERIPHERY, GAS_ZIP, WEI / 2n)]],
    ['paid in a token', [transferLog(USDC, PERIPHERY, GAS_ZIP, 1n), nativeMove(PERIPHERY, GAS_ZIP, WEI)]],
    ['not paid at all', []],
  ])('refuses Gas.zip’s router %s', (_label, payments) => {
    const checked = check(acrossWithGas(payments), chosen);
    expect(checked).toMatchObject({ ok: false });
    expect(['SIM_DEPOSIT_MISMATCH', 'SIM_PAID_ELSEWHERE']).toContain((checked as { code: string }).code);
  });

  it('refuses the gas paid to anyone but Gas.zip’s router', () => {
    expect(check(acrossWithGas([nativeMove(PERIPHERY, ATTACKER, WEI)]), chosen)).toMatchObject({
      code: 'SIM_PAID_ELSEWHERE',
    });
  });

  describe('beside a facet whose bridge logs nothing read here (Relay’s depository)', () => {
    const relayWithGas = (bridged: bigint, payments?: SimulatedLog[]) => [
      call(approvalLog(USDC, ACCOUNT, DIAMOND, 25_000_000n)),
      call(
        transferLog(USDC, ACCOUNT, DIAMOND, 25_000_000n),
        ...gasZipSteps(payments),
        transferLog(USDC, DIAMOND, DEPOSITORY, bridged),
        lifiStarted(ACCOUNT, 42161n, { minAmount: bridged }),
      ),
    ];
    const facet = { lifiFacet: { diamond: LIFI_DIAMOND_ADDRESS, receiver: ACCOUNT } };

    it('accepts the rest of the amount crossing', () => {
      expect(check(relayWithGas(23_000_000n), { ...chosen, ...facet })).toEqual({ ok: true });
    });

    it.each([
      ['paid twice', [nativeMove(PERIPHERY, GAS_ZIP, WEI / 2n), nativeMove(PERIPHERY, GAS_ZIP, WEI / 2n)]],
      ['paid in a token', [transferLog(USDC, PERIPHERY, GAS_ZIP, 1n), nativeMove(PERIPHERY, GAS_ZIP, WEI)]],
      ['not paid at all', []],
    ])('refuses Gas.zip’s router %s', (_label, payments) => {
      expect(check(relayWithGas(23_000_000n, payments), { ...chosen, ...facet })).toMatchObject({
        ok: false,
        code: 'SIM_DEPOSIT_MISMATCH',
      });
    });

    it('refuses less than the amount less the chosen gas crossing', () => {
      expect(check(relayWithGas(22_999_999n), { ...chosen, ...facet })).toMatchObject({ code: 'SIM_MINIMUM' });
    });
  });
});
