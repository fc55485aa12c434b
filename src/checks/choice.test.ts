import { describe, expect, it } from 'vitest';
import { makeRoute, stepFor, USDC_1, USDC_10 } from '../../testing/popup/fixtures';
import type { TransferChoice } from '../model/choice';
import type { IncludedStep, Route } from '../schemas/route';
import { bridgePlan, choiceFromRequest, destinationBridgeToken, routeMinimum, verifyRoute, verifyStep } from './choice';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const USDT_10 = '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58';
const USDT_1 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/** The test route (fixtures): 1.5 USDC from Ethereum to USDC on OP Mainnet. */
const choice = (over: Partial<TransferChoice> = {}): TransferChoice => ({
  fromChainId: 1,
  toChainId: 10,
  fromToken: USDC_1,
  toToken: USDC_10,
  fromAmount: 1_500_000n,
  fromAddress: ACCOUNT,
  slippage: 0.005,
  ...over,
});

const tampered = (change: (route: Route) => void): Route => {
  const route = makeRoute();
  change(route);
  return route;
};

const reason = (result: ReturnType<typeof verifyRoute>) => (result.ok ? 'ok' : result.reason);

describe('verifyRoute: the route must be exactly what the person chose', () => {
  it('passes the honest route', () => expect(verifyRoute(makeRoute(), choice())).toEqual({ ok: true }));
  it('accepts chain IDs as numbers or strings and addresses in any case', () => {
    const route = tampered((r) => {
      r.action!.fromChainId = 1;
      r.action!.toToken.address = USDC_10.toLowerCase();
    });
    expect(verifyRoute(route, choice())).toEqual({ ok: true });
  });

  it.each([
    [
      'another source chain',
      (r: Route): void => {
        r.action!.fromChainId = '42161';
      },
      /starts on chain 42161/,
    ],
    [
      'another destination chain',
      (r: Route): void => {
        r.action!.toChainId = '8453';
      },
      /ends on chain 8453/,
    ],
    [
      'another source token',
      (r: Route): void => {
        r.action!.fromToken.address = USDT_1;
      },
      /spends token/,
    ],
    [
      'another destination token',
      (r: Route): void => {
        r.action!.toToken.address = USDT_10;
      },
      /delivers token/,
    ],
    [
      '10× the amount in the action',
      (r: Route): void => {
        r.action!.fromAmount = '15000000';
      },
      /spends 15000000 units/,
    ],
    [
      'one unit more',
      (r: Route): void => {
        r.action!.fromAmount = '1500001';
      },
      /instead of the 1500000/,
    ],
    [
      '10× the amount in the estimate',
      (r: Route): void => {
        r.estimate.fromAmount = '15000000';
      },
      /estimate spends/,
    ],
    [
      'another sender',
      (r: Route): void => {
        r.action!.fromAddress = ATTACKER;
      },
      /sends from/,
    ],
    [
      'another receiver',
      (r: Route): void => {
        r.action!.toAddress = ATTACKER;
      },
      /pays 0x0+dEaD/i,
    ],
    [
      'no action',
      (r: Route): void => {
        r.action = undefined;
      },
      /does not say/,
    ],
    [
      'nothing received',
      (r: Route): void => {
        r.estimate.toAmount = '0';
      },
      /promises nothing/,
    ],
  ] as const)('drops a route with %s', (_name, change, why) => {
    expect(reason(verifyRoute(tampered(change), choice()))).toMatch(why);
  });

  it('checks the receiver against the one typed, else the sender', () => {
    const toFriend = tampered((r) => {
      r.action!.toAddress = FRIEND;
    });
    expect(verifyRoute(toFriend, choice({ toAddress: FRIEND }))).toEqual({ ok: true });
    expect(reason(verifyRoute(toFriend, choice()))).toMatch(/pays/);
    expect(reason(verifyRoute(makeRoute(), choice({ fromAddress: undefined })))).toBe('ok');
  });

  it('drops a route that relabels a token the catalog knows (USDT shown as USDC)', () => {
    const labels = { from: { symbol: 'USDC', decimals: 6 }, to: { symbol: 'USDT', decimals: 6 } };
    expect(reason(verifyRoute(makeRoute(), choice(), labels))).toMatch(/labels the destination token USDC/);
    const decimals = { to: { symbol: 'USDC', decimals: 18 } };
    expect(reason(verifyRoute(makeRoute(), choice(), decimals))).toMatch(/with 6 decimals; it is USDC with 18/);
  });

  describe('included steps must connect the chosen tokens', () => {
    const step = (
      from: [number, string],
      to: [number, string],
      fromAmount: string,
      toAmount: string,
    ): IncludedStep => ({
      id: `${from[0]}-${to[0]}`,
      type: from[0] === to[0] ? 'swap' : 'cross',
      tool: 'x',
      action: {
        fromChainId: from[0],
        toChainId: to[0],
        fromToken: { address: from[1], chainId: from[0], symbol: 'T', decimals: 6, name: 'T' },
        toToken: { address: to[1], chainId: to[0], symbol: 'T', decimals: 6, name: 'T' },
        fromAmount,
      },
      estimate: { toAmount },
    });
    const swapThenBridge = () => [
      step([1, USDT_1], [1, USDC_1], '1500000', '1499000'),
      step([1, USDC_1], [10, USDC_10], '1499000', '1490000'),
    ];
    const withSteps = (steps: IncludedStep[]) =>
      tampered((r) => {
        r.action!.fromToken.address = USDT_1;
        r.includedSteps = steps;
      });

    it('passes steps that connect', () =>
      expect(verifyRoute(withSteps(swapThenBridge()), choice({ fromToken: USDT_1 }))).toEqual({ ok: true }));
    it('drops a first step that spends more', () => {
      const steps = swapThenBridge();
      steps[0]!.action.fromAmount = '15000000';
      expect(reason(verifyRoute(withSteps(steps), choice({ fromToken: USDT_1 })))).toMatch(/first step/);
    });
    it('drops a last step that delivers another token', () => {
      const steps = swapThenBridge();
      steps[1]!.action.toToken.address = USDT_10;
      expect(reason(verifyRoute(withSteps(steps), choice({ fromToken: USDT_1 })))).toMatch(/last step/);
    });
    it('drops steps with a gap', () => {
      const steps = swapThenBridge();
      steps[1]!.action.fromToken.address = USDT_1;
      expect(reason(verifyRoute(withSteps(steps), choice({ fromToken: USDT_1 })))).toMatch(/step 2 does not start/);
    });
    it("derives the bridge plan from them: the crossing tokens and the swap's minimum", () => {
      expect(bridgePlan(swapThenBridge(), choice({ fromToken: USDT_1 }))).toEqual({
        bridgeToken: USDC_1,
        dstBridgeToken: USDC_10,
        minBridgeAmount: 1_491_505n,
      });
      expect(bridgePlan(undefined, choice())).toEqual({ bridgeToken: USDC_1, dstBridgeToken: USDC_10 });
    });
    describe('gas on arrival (a gasZip step first)', () => {
      const NATIVE = '0x0000000000000000000000000000000000000000';
      const gasThenBridge = (gas = '100000') => [
        { ...step([1, USDC_1], [10, NATIVE], gas, '30000000000000'), type: 'protocol' as const, tool: 'gasZip' },
        step([1, USDC_1], [10, USDC_10], String(1_500_000n - BigInt(gas)), '1390000'),
      ];
      const withGas = (steps: IncludedStep[]) => tampered((r) => (r.includedSteps = steps));

      it('passes the chosen part, then the transfer of the rest', () => {
        expect(verifyRoute(withGas(gasThenBridge()), choice({ fromAmountForGas: 100_000n }))).toEqual({ ok: true });
        expect(bridgePlan(gasThenBridge(), choice({ fromAmountForGas: 100_000n }))).toEqual({
          bridgeToken: USDC_1,
          dstBridgeToken: USDC_10,
        });
        expect(destinationBridgeToken(gasThenBridge(), makeRoute().action!.toToken)).toBeUndefined();
      });
      it('drops gas nobody chose, gas of another amount, and a route without the gas chosen', () => {
        expect(reason(verifyRoute(withGas(gasThenBridge()), choice()))).toMatch(/first step/);
        expect(reason(verifyRoute(withGas(gasThenBridge('200000')), choice({ fromAmountForGas: 100_000n })))).toMatch(
          /gas on arrival/,
        );
        const plain = [step([1, USDC_1], [10, USDC_10], '1500000', '1490000')];
        expect(reason(verifyRoute(withGas(plain), choice({ fromAmountForGas: 100_000n })))).toMatch(/gas on arrival/);
      });
      it('drops gas paid in something other than the native coin, or to another chain', () => {
        const inToken = gasThenBridge();
        inToken[0]!.action.toToken.address = USDC_10;
        expect(reason(verifyRoute(withGas(inToken), choice({ fromAmountForGas: 100_000n })))).toMatch(/gas on arrival/);
        const elsewhere = gasThenBridge();
        elsewhere[0]!.action.toChainId = 8453;
        expect(reason(verifyRoute(withGas(elsewhere), choice({ fromAmountForGas: 100_000n })))).toMatch(
          /gas on arrival/,
        );
      });
    });
    it('names the token the bridge delivers when a destination swap follows it (what a PARTIAL leaves)', () => {
      const bridgeThenSwap = [
        step([1, USDC_1], [10, USDC_10], '1500000', '1490000'),
        step([10, USDC_10], [10, USDT_10], '1490000', '1489000'),
      ];
      const usdt10 = { address: USDT_10, chainId: 10, symbol: 'USDT', decimals: 6, name: 'T' };
      expect(destinationBridgeToken(bridgeThenSwap, usdt10)?.address).toBe(USDC_10);
      // The bridge delivers the chosen token itself (any case), or there are no steps: nothing else to watch for.
      expect(destinationBridgeToken(swapThenBridge(), { ...usdt10, address: USDC_10.toLowerCase() })).toBeUndefined();
      expect(destinationBridgeToken(undefined, usdt10)).toBeUndefined();
    });
  });
});

describe('verifyStep: the fresh step must still be the choice', () => {
  const mine = choice({ toAddress: ACCOUNT });
  it('passes the honest step', () => expect(verifyStep(stepFor(makeRoute()), mine)).toEqual({ ok: true }));
  it('refuses a step that spends more, elsewhere, or pays another receiver', () => {
    const step = stepFor(makeRoute());
    expect(verifyStep({ ...step, estimate: { ...step.estimate, fromAmount: '15000000' } }, mine).ok).toBe(false);
    expect(verifyStep({ ...step, action: { ...step.action, fromAmount: '15000000' } }, mine).ok).toBe(false);
    expect(verifyStep({ ...step, action: { ...step.action, toChainId: '8453' } }, mine).ok).toBe(false);
    expect(verifyStep(stepFor(makeRoute(), { recipient: ATTACKER }), mine).ok).toBe(false);
  });
});

describe('choiceFromRequest and the shown minimum', () => {
  it('reads the request the form or the card sent', () => {
    const request = {
      fromChainId: '1',
      fromTokenAddress: USDC_1,
      toChainId: 10,
      toTokenAddress: USDC_10,
      fromAmount: '1500000',
      fromAddress: ACCOUNT,
      options: { slippage: 0.01 },
    };
    expect(choiceFromRequest(request, 0.005)).toEqual({
      fromChainId: 1,
      toChainId: 10,
      fromToken: USDC_1,
      toToken: USDC_10,
      fromAmount: 1_500_000n,
      fromAddress: ACCOUNT,
      toAddress: undefined,
      slippage: 0.01,
    });
    expect(choiceFromRequest({ ...request, options: {} }, 0.005).slippage).toBe(0.005);
    expect(choiceFromRequest({ ...request, fromAmountForGas: '4000000' }, 0.005).fromAmountForGas).toBe(4_000_000n);
    expect(choiceFromRequest(request, 0.005)).not.toHaveProperty('fromAmountForGas');
  });
  it("derives the minimum from the amount shown, ignoring the service's toAmountMin", () => {
    expect(routeMinimum(makeRoute({ toAmountMin: '1' }), choice())).toBe(1_482_550n);
    expect(routeMinimum(makeRoute(), choice({ slippage: 0.01 }))).toBe(1_475_100n);
  });
});
