import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { fakeDeps, makeRoute } from '../../../testing/popup/fixtures';
import { summarizeRoute } from '../routeSummary';
import { createPopupStore } from '../store/createPopupStore';
import { PopupContext } from './context';
import { ValueLossWarning } from './ValueLossWarning';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

describe('value-loss warning (rendered)', () => {
  it('counts a fee already taken out of the amount once: 12.5 USDC in, $11.80 out, $0.94 gas is a 12 % loss', async () => {
    const route = makeRoute({ toAmountUSD: '11.80', gasUSD: '0.94' });
    route.estimate.fromAmountUSD = '12.50';
    route.estimate.feeCosts = [
      {
        name: 'Relay fee',
        amount: '700000',
        amountUSD: '0.70',
        included: true,
        token: { address: route.action!.fromToken.address, chainId: '1', symbol: 'USDC', decimals: 6 },
      },
    ];
    const deps = fakeDeps();
    render(
      <PopupContext.Provider value={{ store: createPopupStore(deps), api: deps.api }}>
        <ValueLossWarning summary={summarizeRoute(route)} />
      </PopupContext.Provider>,
      dom.root,
    );
    const said = await waitFor('the warning', () => dom.document.querySelector('[data-testid="value-loss-warning"] p'));
    expect(said.textContent).toBe('You would receive $11.80 for $13.44 sent with fees and gas: a loss of 12%.');
  });
});
