import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../../../testing/popup/dom';
import { CHAINS, CHOICE, lifiTwoSteps, lifiTwoStepsWithGas } from '../../../testing/popup/gasOnArrivalRoutes';
import type { TransferChoice } from '../../model/choice';
import type { Route } from '../../schemas/route';
import { GasOnArrivalReceived } from './GasOnArrivalReceived';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

function shown(route: Route, choice: TransferChoice, onDrop = () => {}): string | undefined {
  render(<GasOnArrivalReceived route={route} choice={choice} chains={CHAINS} onDrop={onDrop} />, dom.root);
  return dom.document.querySelector('[data-testid="review-gas-arrives"]')?.textContent ?? undefined;
}

describe('GasOnArrivalReceived', () => {
  it('says what arrives: the bridged token, what step 2 swaps it to, and the gas as Gas.zip’s step quotes it', () => {
    expect(shown(lifiTwoStepsWithGas(), { ...CHOICE, fromAmountForGas: 1_500_000n })).toBe(
      'You receive ~57.9 USDC (then swapped to DAI in step 2) and ~0.00075 ETH for gas on Optimism.',
    );
  });

  it('says the one-step form without a later swap', () => {
    const route = lifiTwoStepsWithGas();
    const oneStep = { ...route.steps![0]!, id: 'one' } as Route;
    expect(shown(oneStep, { ...CHOICE, fromAmountForGas: 1_500_000n })).toBe(
      'You receive ~57.9 USDC and ~0.00075 ETH for gas on Optimism.',
    );
  });

  it('says nothing when no gas was chosen or the route carries none', () => {
    expect(shown(lifiTwoStepsWithGas(), CHOICE)).toBeUndefined();
    expect(shown(lifiTwoSteps(), { ...CHOICE, fromAmountForGas: 1_500_000n })).toBeUndefined();
  });

  it('offers to take the choice back with a button that calls onDrop, and none without a choice', () => {
    const onDrop = vi.fn();
    shown(lifiTwoStepsWithGas(), { ...CHOICE, fromAmountForGas: 1_500_000n }, onDrop);
    const button = dom.document.querySelector<HTMLButtonElement>('[data-testid="review-gas-drop"]');
    expect(button?.textContent).toBe("Don't add gas");
    button!.click();
    expect(onDrop).toHaveBeenCalledTimes(1);
    shown(lifiTwoStepsWithGas(), CHOICE, onDrop);
    expect(dom.document.querySelector('[data-testid="review-gas-drop"]')).toBeNull();
  });
});
