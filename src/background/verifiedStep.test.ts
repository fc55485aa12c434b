import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT, makeRoute } from '../../testing/popup/fixtures';
import { withGasStep } from '../../testing/popup/gasOnArrivalRoutes';
import type { Route, Step, StepTransactionResponse } from '../schemas/route';
import type { BackgroundDeps } from './deps';
import { fetchVerifiedStep } from './verifiedStep';

const GAS = 300_000n;

/** The service's answer for `route`'s step: the same action for the person, with a transaction. */
const answer = (route: Route): StepTransactionResponse =>
  ({
    ...route,
    action: { ...route.action!, fromAddress: ACCOUNT, toAddress: ACCOUNT },
    estimate: { ...route.estimate, fromAmount: route.action!.fromAmount, toAmountMin: route.estimate.toAmountMin! },
    transactionRequest: { to: ACCOUNT, data: '0x', value: '0' },
  }) as StepTransactionResponse;

const fetched = (asked: Route, answered: Route) =>
  fetchVerifiedStep({ getStepTransaction: vi.fn(async () => answer(answered)) } as unknown as BackgroundDeps['api'], {
    step: asked as Step,
    senderAddress: ACCOUNT,
    recipientAddress: ACCOUNT,
  });

describe('fetchVerifiedStep with gas on arrival', () => {
  it('takes an answer that keeps the gas the step asked for', async () => {
    const step = withGasStep(makeRoute(), GAS);
    await expect(fetched(step, step)).resolves.toMatchObject({ includedSteps: [{ tool: 'gasZip' }, {}] });
  });

  it('refuses an answer that drops the gas, changes it, or adds gas nobody asked for', async () => {
    const step = withGasStep(makeRoute(), GAS);
    const plain = { ...makeRoute(), includedSteps: [step.includedSteps![1]!] };
    await expect(fetched(step, plain)).rejects.toThrow(/Blocked/);
    await expect(fetched(step, withGasStep(makeRoute(), GAS + 1n))).rejects.toThrow(/Blocked/);
    await expect(fetched(makeRoute(), step)).rejects.toThrow(/Blocked/);
  });
});

describe('fetchVerifiedStep with a bridge that alone sets its figures', () => {
  const relay = (serviceStep?: { id: string }) =>
    ({ ...makeRoute(), tool: 'relay', ...(serviceStep ? { serviceStep } : {}) }) as Route;
  const withSource = (route: Route) =>
    fetchVerifiedStep(
      {
        getStepTransaction: vi.fn(async () => answer(route)),
        source: vi.fn(async () => 'http://127.0.0.1:1'),
      } as unknown as BackgroundDeps['api'],
      { step: route as Step, senderAddress: ACCOUNT, recipientAddress: ACCOUNT },
    );

  it("takes the spec's own devnet bridge named relay: its router's calldata names every figure", async () => {
    await expect(withSource(relay())).resolves.toMatchObject({ tool: 'relay' });
  });

  it("refuses LI.FI's Relay step whose order nobody proved, unless the person opted in", async () => {
    await expect(withSource(relay({ id: 'lifi-step' }))).rejects.toThrow(/could not be proven/);
  });
});
