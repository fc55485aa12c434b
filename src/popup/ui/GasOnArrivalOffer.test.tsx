import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../../../testing/popup/dom';
import { CHAINS, CHOICE, lifiTwoSteps } from '../../../testing/popup/gasOnArrivalRoutes';
import type { TransferPreview } from '../../background/messages/previewTransfer';
import type { TransferChoice } from '../../model/choice';
import type { Route } from '../../schemas/route';
import { GasOnArrivalOffer, gasOfferFor } from './GasOnArrivalOffer';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

/** Step 2 on OP Mainnet needs 0.000245 ETH; the account holds `balance` there. */
const preview = (balance = '0', needed = '245000000000000'): TransferPreview => ({
  kind: 'simulated',
  changes: [],
  destinationGas: { chainId: 10, step: 2, needed, balance, enough: BigInt(balance) >= BigInt(needed) },
});

function shown(
  over: { preview?: TransferPreview; route?: Route; choice?: TransferChoice; status?: 'asking' | 'none' } = {},
) {
  const onChoose = vi.fn();
  render(
    <GasOnArrivalOffer
      preview={'preview' in over ? over.preview : preview()}
      route={over.route ?? lifiTwoSteps()}
      choice={over.choice ?? CHOICE}
      chains={CHAINS}
      token={{ symbol: 'USDC', decimals: 6 }}
      status={over.status}
      onChoose={onChoose}
    />,
    dom.root,
  );
  const button = dom.document.querySelector<HTMLButtonElement>('[data-testid="review-gas-offer-choose"]');
  return { button, onChoose };
}

describe('GasOnArrivalOffer', () => {
  it('offers twice the need of step 2 as gas there, priced in the token sent, and asks for exactly that part', () => {
    const { button, onChoose } = shown();
    // 2 × 0.000245 ETH at 2000 USD is 0.98 USD, so 0.98 USDC at 1 USD.
    expect(button?.textContent).toBe(
      'Get about 0.00049 ETH on Optimism on arrival, paid with 0.98 USDC from this transfer',
    );
    button!.click();
    expect(onChoose).toHaveBeenCalledWith(980_000n);
  });

  it('says when the service offered no gas on arrival, and holds the button while it asks', () => {
    expect(shown({ status: 'asking' }).button?.disabled).toBe(true);
    shown({ status: 'none' });
    expect(dom.document.querySelector('[data-testid="review-gas-offer-none"]')?.textContent).toBe(
      'The service offers no gas on arrival for this route. Add gas on Optimism yourself before you sign step 2.',
    );
  });

  it('offers nothing with enough gas there, an unread balance, gas already chosen, or before the preview', () => {
    expect(shown({ preview: preview('245000000000000') }).button).toBeNull();
    const unread: TransferPreview = {
      kind: 'simulated',
      changes: [],
      destinationGas: { chainId: 10, step: 2, needed: '1' },
    };
    expect(shown({ preview: unread }).button).toBeNull();
    expect(shown({ choice: { ...CHOICE, fromAmountForGas: 980_000n } }).button).toBeNull();
    expect(shown({ preview: undefined }).button).toBeNull();
  });

  it('offers nothing on a route the spec’s service made, or where a swap comes before the bridge', () => {
    const spec = lifiTwoSteps();
    delete spec.steps![0]!.serviceStep;
    expect(shown({ route: spec }).button).toBeNull();
    const swapFirst = lifiTwoSteps();
    swapFirst.steps![0]!.includedSteps![0]!.type = 'swap';
    expect(shown({ route: swapFirst }).button).toBeNull();
  });

  it('offers nothing that would take more than a quarter of the transfer', () => {
    // 2 × 0.01 ETH at 2000 USD is 40 USD of 60 USDC.
    expect(shown({ preview: preview('0', '10000000000000000') }).button).toBeNull();
  });
});

describe('gasOfferFor with the service’s gas suggestion', () => {
  const suggestion = { gas: 600_000_000_000_000n, fromAmountForGas: 1_210_000n };

  it('offers what the service suggests where it covers the need, else estimates itself', () => {
    expect(gasOfferFor(preview(), lifiTwoSteps(), CHOICE, CHAINS, suggestion)).toEqual(suggestion);
    // Less than step 2 needs: the popup's own estimate (twice the need) instead.
    const short = { gas: 200_000_000_000_000n, fromAmountForGas: 400_000n };
    expect(gasOfferFor(preview(), lifiTwoSteps(), CHOICE, CHAINS, short)).toEqual(
      gasOfferFor(preview(), lifiTwoSteps(), CHOICE, CHAINS),
    );
    expect(gasOfferFor(preview(), lifiTwoSteps(), CHOICE, CHAINS)?.fromAmountForGas).toBe(980_000n);
  });

  it('never takes more than a quarter of the transfer on the service’s word', () => {
    const greedy = { gas: 600_000_000_000_000n, fromAmountForGas: CHOICE.fromAmount / 2n };
    expect(gasOfferFor(preview(), lifiTwoSteps(), CHOICE, CHAINS, greedy)?.fromAmountForGas).toBe(980_000n);
  });
});

describe('GasOnArrivalOffer with the service’s suggestion in the preview', () => {
  it('offers the gas the service suggests and asks for exactly the part it prices it at', () => {
    const suggested = preview();
    suggested.destinationGas = {
      ...suggested.destinationGas!,
      suggested: { gas: '600000000000000', fromAmountForGas: '1210000' },
    };
    const { button, onChoose } = shown({ preview: suggested });
    expect(button?.textContent).toBe(
      'Get about 0.0006 ETH on Optimism on arrival, paid with 1.21 USDC from this transfer',
    );
    button!.click();
    expect(onChoose).toHaveBeenCalledWith(1_210_000n);
  });
});
