import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDom, settle } from '../../../testing/popup/dom';
import { BridgePromise, promiseText } from './BridgePromise';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

const shown = () => dom.root.querySelector('[data-testid="review-bridge-promise"]')?.textContent;

describe('the bridge’s promise in the review', () => {
  it('says plainly which figures only the bridge holds (a Relay deposit)', async () => {
    render(
      <BridgePromise
        preview={{
          kind: 'simulated',
          changes: [],
          promised: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
        }}
      />,
      dom.root,
    );
    await settle();
    expect(shown()).toBe(
      "Set by the bridge alone: who receives, the destination chain, the token received, the minimum received. These figures are the bridge's promise; nothing can check them before signing.",
    );
  });
  it('names one figure in the singular (Glacis: the minimum)', () => {
    expect(promiseText(['minAmountOut'])).toBe(
      "Set by the bridge alone: the minimum received. This figure is the bridge's promise; nothing can check it before signing.",
    );
  });
  it('says nothing when the calldata proves every figure, or when the transfer is refused anyway', async () => {
    render(<BridgePromise preview={{ kind: 'simulated', changes: [] }} />, dom.root);
    await settle();
    expect(shown()).toBeUndefined();
    render(<BridgePromise preview={{ kind: 'refused', reason: 'no', promised: ['receiver'] }} />, dom.root);
    await settle();
    expect(shown()).toBeUndefined();
  });
});
