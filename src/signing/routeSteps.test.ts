import { describe, expect, it } from 'vitest';
import { ACCOUNT, DAI_10, makeRoute, OTHER, twoStepRoute, USDC_1, USDC_10 } from '../../testing/popup/fixtures';
import type { TransferChoice } from '../model/choice';
import { planStep, stepsOf } from './routeSteps';

const choice: TransferChoice = {
  fromChainId: 1,
  toChainId: 10,
  fromToken: USDC_1,
  toToken: DAI_10,
  fromAmount: 1_500_000n,
  fromAddress: ACCOUNT,
  toAddress: OTHER,
  slippage: 0.005,
};

describe('planStep', () => {
  it('spends the chosen amount first, to the sender, then what arrived, to the chosen recipient', () => {
    const route = twoStepRoute();
    expect(stepsOf(route)).toHaveLength(2);
    const first = planStep(route, 0, choice);
    expect(first.ok && first.choice).toMatchObject({
      fromChainId: 1,
      toChainId: 10,
      toToken: USDC_10,
      fromAmount: 1_500_000n,
      toAddress: ACCOUNT,
    });
    const second = planStep(route, 1, choice, 1_495_000n);
    expect(second.ok && second.choice).toMatchObject({
      fromChainId: 10,
      fromToken: USDC_10,
      toToken: DAI_10,
      fromAmount: 1_495_000n,
      toAddress: OTHER,
    });
    // Asked for with what arrived, in LI.FI's own step too.
    expect(second.ok && second.route.action?.fromAmount).toBe('1495000');
    expect(
      second.ok && (second.route.serviceStep as unknown as { action: { fromAmount: string } }).action.fromAmount,
    ).toBe('1495000');
  });

  it('keeps gas on arrival with the first step only, which pays for the later steps’ gas', () => {
    const route = twoStepRoute();
    const withGas = { ...choice, fromAmountForGas: 100_000n };
    const first = planStep(route, 0, withGas);
    expect(first.ok && first.choice.fromAmountForGas).toBe(100_000n);
    const second = planStep(route, 1, withGas, 1_395_000n);
    expect(second.ok && 'fromAmountForGas' in second.choice).toBe(false);
    const plain = planStep(route, 0, choice);
    expect(plain.ok && 'fromAmountForGas' in plain.choice).toBe(false);
  });

  it('refuses steps that do not connect, end elsewhere than chosen, or a later step with nothing arrived', () => {
    const gap = twoStepRoute();
    gap.steps![1]!.action.fromChainId = '137';
    expect(planStep(gap, 0, choice)).toMatchObject({ ok: false, reason: expect.stringMatching(/step 2/i) });
    expect(planStep(twoStepRoute(), 0, { ...choice, toToken: USDC_10 })).toMatchObject({ ok: false });
    expect(planStep(twoStepRoute(), 1, choice)).toMatchObject({ ok: false });
    expect(planStep(twoStepRoute(), 0, { ...choice, fromToken: USDC_10 })).toMatchObject({ ok: false });
  });

  it('leaves a one-step route as it is', () => {
    const route = makeRoute();
    expect(planStep(route, 0, choice)).toEqual({ ok: true, route, choice });
  });
});
