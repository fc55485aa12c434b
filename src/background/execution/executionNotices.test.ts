import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHAINS, twoStepRoute } from '../../../testing/popup/fixtures';
import type { Execution, ExecutionRecord } from '../../model/transfer';
import { EXECUTION_NOTIFICATION_PREFIX, noticeNeedsPerson, registerExecutionNoticeClicks } from './executionNotices';

beforeEach(() => fakeBrowser.reset());

const record = (execution: Partial<Execution>) =>
  ({ id: 'e'.repeat(32), sends: [], execution }) as unknown as ExecutionRecord;
const shown = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());

describe('execution notices', () => {
  it('says a worse rate waits for a decision, and what stopped an interrupted transfer', async () => {
    await noticeNeedsPerson(record({ phase: 'needsRate' }), true);
    expect(shown()).toMatchObject([
      {
        title: 'The rate of your transfer changed',
        message: expect.stringMatching(/accept the new minimum or keep the old one/),
      },
    ]);
    await noticeNeedsPerson(
      record({ phase: 'interrupted', error: 'The page with your wallet was closed or reloaded.' }),
      true,
    );
    // One per execution: the later notice replaces the earlier one.
    expect(shown()).toMatchObject([
      { title: 'Your transfer is waiting for you', message: 'The page with your wallet was closed or reloaded.' },
    ]);
  });

  it('says the gas for step 2 as the chain showed it, and nothing of gas when none was read', async () => {
    const ready = { phase: 'needsSignature' as const, step: 1, route: twoStepRoute() };
    await noticeNeedsPerson(record(ready), true, String, CHAINS);
    expect(shown()[0]?.message).toBe('Sign step 2 of 2 in the extension.');
    await noticeNeedsPerson(
      record({ ...ready, gasRead: { chainId: 10, balance: '1130000000000000' } }),
      true,
      String,
      CHAINS,
    );
    expect(shown()[0]?.message).toBe(
      'Sign step 2 of 2 in the extension. Gas for step 2, read on chain: your account holds 0.00113 ETH on Optimism.',
    );
  });

  it('turns "sign step 2" into "Stopped after step 1" with where the funds stayed, once the person stops there', async () => {
    const route = twoStepRoute();
    const second = route.steps![1]!.action;
    await noticeNeedsPerson(record({ phase: 'stopped', step: 1, route, arrived: '59497600' }), true, String, CHAINS);
    expect(shown()).toEqual([
      expect.objectContaining({
        title: 'Stopped after step 1',
        message: expect.stringMatching(
          new RegExp(`^[\\d.,]+ ${second.fromToken.symbol} stayed on ${second.fromChainId}`),
        ),
      }),
    ]);
  });

  it('shows nothing when notifications are off', async () => {
    await noticeNeedsPerson(record({ phase: 'needsRate' }), false);
    expect(shown()).toEqual([]);
  });

  it('opens the extension where the transfer can be continued when clicked', async () => {
    const stop = registerExecutionNoticeClicks();
    await noticeNeedsPerson(record({ phase: 'interrupted' }), true);
    await fakeBrowser.notifications.onClicked.trigger(`${EXECUTION_NOTIFICATION_PREFIX}${'e'.repeat(32)}`);
    await expect
      .poll(async () => (await fakeBrowser.tabs.query({})).map((t) => t.url))
      .toContainEqual(expect.stringMatching(/popup\.html#activity$/));
    expect(shown()).toEqual([]);
    stop();
  });
});
