import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fire, mountActivity } from '../../../testing/popup/activity';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { makeExecution } from '../../../testing/popup/fixtures';
import { RemoteError } from '../../messaging/reply';
import type { TransferRecord } from '../../model/transfer';

let dom: ReturnType<typeof installDom>;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

/** A transfer declined in the wallet after its approval went through: 1.5 USDC stay approved. */
const failed: TransferRecord = {
  id: 'f'.repeat(32),
  createdAt: 1,
  updatedAt: 1,
  sends: [],
  execution: makeExecution({
    phase: 'failed',
    stoppedAt: 'signing',
    error: 'You declined the transfer in the wallet. Nothing was sent.',
  }),
};
/** What the background answers when the person declines the approval of 0 (src/wallet/errors.ts, over a Reply). */
const declined = () =>
  new RemoteError({
    name: 'WalletRejectedError',
    shortMessage: 'You declined revoking the approval in the wallet. Nothing was sent.',
    code: 4001,
  });
const query = (testId: string) => dom.document.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;

describe('Revoke approval (rendered)', () => {
  it('says it waits for the wallet while the wallet is asked, and a decline in words, the approval still open', async () => {
    let answer: { resolve(v: { hash: `0x${string}` }): void; reject(e: unknown): void } | undefined;
    const revokeApproval = vi.fn(
      () => new Promise<{ hash: `0x${string}` }>((resolve, reject) => (answer = { resolve, reject })),
    );
    await mountActivity(dom.root, [failed], {
      connect: true,
      api: { getAllowance: vi.fn(async () => ({ allowance: '1500000' })), revokeApproval },
    });
    const revoke = await waitFor('Revoke approval', () => query('revoke-approval'));
    expect(query('revoke-waiting')).toBeNull();
    fire(revoke, 'click');
    expect((await waitFor('the wait for the wallet', () => query('revoke-waiting'))).textContent).toBe(
      'Confirm in your wallet… It asks for an approval of 0, which closes this one.',
    );
    expect(query('revoke-waiting')?.getAttribute('role')).toBe('status');
    expect((query('revoke-approval') as HTMLButtonElement).disabled).toBe(true);

    await waitFor('the wallet asked', () => answer);
    answer!.reject(declined());
    const alert = await waitFor('the decline', () => query('approval-open')?.querySelector('[role="alert"]'));
    expect(query('revoke-waiting')).toBeNull();
    expect(alert.textContent).toBe(
      'You declined in your wallet: the approval is still open. Revoke it again when you are ready.',
    );
    expect((query('revoke-approval') as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps saying why it failed when the allowance cannot be read again', async () => {
    let reads = 0;
    const getAllowance = vi.fn(async () => {
      reads += 1;
      if (reads > 1) throw new Error('RPC down');
      return { allowance: '1500000' };
    });
    await mountActivity(dom.root, [failed], {
      connect: true,
      api: { getAllowance, revokeApproval: vi.fn(async () => Promise.reject(declined())) },
    });
    fire(await waitFor('Revoke approval', () => query('revoke-approval')), 'click');
    const alert = await waitFor('the decline', () => query('approval-open')?.querySelector('[role="alert"]'));
    await waitFor('the allowance read again', () => getAllowance.mock.calls.length === 2);
    expect(alert.textContent).toMatch(/^You declined/);
  });
});
