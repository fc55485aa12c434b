import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDom } from '../../../testing/popup/dom';
import type { TransferPreview } from '../../background/messages/previewTransfer';
import type { Chain } from '../../schemas/catalog';
import { DestinationGasNotice } from './DestinationGasNotice';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

const ARBITRUM = {
  id: 42161,
  name: 'Arbitrum',
  nativeToken: {
    address: '0x0000000000000000000000000000000000000000',
    symbol: 'ETH',
    decimals: 18,
    chainId: 42161,
    name: 'Ether',
  },
} as unknown as Chain;

const simulated = (destinationGas?: TransferPreview['destinationGas']): TransferPreview => ({
  kind: 'simulated',
  changes: [],
  ...(destinationGas ? { destinationGas } : {}),
});

function shown(preview: TransferPreview | undefined, arriving?: string): string | undefined {
  render(<DestinationGasNotice preview={preview} chains={[ARBITRUM]} arriving={arriving} />, dom.root);
  return dom.document.querySelector('[data-testid="review-destination-gas"]')?.textContent ?? undefined;
}

describe('DestinationGasNotice', () => {
  it('says how much step 2 needs where it is signed, and what the person holds there', () => {
    const text = shown(simulated({ chainId: 42161, step: 2, needed: '245000000000000', balance: '0', enough: false }));
    expect(text).toBe(
      'Step 2 is signed on Arbitrum and needs about 0.000245 ETH for its gas there. Your account holds 0 ETH on Arbitrum: step 1 would go through and its funds wait on Arbitrum until you add gas there for step 2.',
    );
  });

  it('says the balance could not be read rather than guessing', () => {
    expect(shown(simulated({ chainId: 42161, step: 2, needed: '245000000000000' }))).toMatch(
      /could not read your balance on Arbitrum/,
    );
  });

  it('says nothing when the gas on arrival chosen covers the need with the balance, and warns when it does not', () => {
    const poor = simulated({ chainId: 42161, step: 2, needed: '245000000000000', balance: '5', enough: false });
    expect(shown(poor, '244999999999995')).toBeUndefined();
    expect(shown(poor, '244999999999994')).toMatch(/^Step 2 is signed on Arbitrum/);
  });

  it('says nothing with enough gas, without a later step elsewhere, or while the preview runs', () => {
    expect(shown(simulated({ chainId: 42161, step: 2, needed: '1', balance: '5', enough: true }))).toBeUndefined();
    expect(shown(simulated())).toBeUndefined();
    expect(shown(undefined)).toBeUndefined();
  });
});
