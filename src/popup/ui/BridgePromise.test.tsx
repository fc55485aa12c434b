import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
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
    expect(await waitFor('the promise said', () => shown())).toBe(
      "Set by the bridge alone: who receives, the destination chain, the token received, the minimum received. These figures are the bridge's promise; nothing can check them before signing.",
    );
  });
  it('names one figure in the singular (Glacis: the minimum)', () => {
    expect(promiseText(['minAmountOut'])).toBe(
      "Set by the bridge alone: the minimum received. This figure is the bridge's promise; nothing can check it before signing.",
    );
  });
  it('says nothing when the calldata proves every figure, or when the transfer is refused anyway', async () => {
    // Rendered in full (act runs whatever the render schedules) before anything is said to be absent.
    await act(() => {
      render(<BridgePromise preview={{ kind: 'simulated', changes: [] }} />, dom.root);
    });
    expect(dom.root.querySelector('*')).toBeNull();
    expect(shown()).toBeUndefined();
    await act(() => {
      render(<BridgePromise preview={{ kind: 'refused', reason: 'no', promised: ['receiver'] }} />, dom.root);
    });
    expect(shown()).toBeUndefined();
  });
});
