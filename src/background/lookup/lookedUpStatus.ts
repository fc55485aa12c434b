import type { SentTransfer, StatusStep } from '../../model/transfer';
import type { StatusResponse } from '../../schemas/status';

/** Status steps kept per transaction: a transfer changes status a handful of times; a longer list is cut at the front. */
const MAX_STEPS = 20;

/** The history with the answer's status added, when it differs from the last one kept. Pure. */
export function withStatusStep(
  history: readonly StatusStep[] | undefined,
  answer: Pick<StatusResponse, 'status' | 'substatus'>,
  now: number,
): StatusStep[] {
  const steps = history ?? [];
  const last = steps.at(-1);
  if (last && last.status === answer.status && last.substatus === answer.substatus) return [...steps];
  const step: StatusStep = {
    at: now,
    status: answer.status,
    ...(answer.substatus ? { substatus: answer.substatus } : {}),
  };
  return [...steps, step].slice(-MAX_STEPS);
}

/**
 * A looked-up transfer learns from the service which token it delivers (LI.FI names it only once it is known): the
 * service's word, which the destination chain's read of the arrival then confirms or contradicts
 * (src/background/transfers/arrivalConfirm.ts). A PARTIAL names the bridge's token, not the one wanted: it is kept
 * as `bridgeToken`. The extension's own transfers are never changed here: their tokens are what the person chose.
 */
export function nameLookedUpTokens(record: SentTransfer, answer: StatusResponse): SentTransfer {
  const lookedUp = record.lookedUp;
  const token = answer.receiving?.token;
  if (!lookedUp || !token) return record;
  if (answer.substatus === 'PARTIAL') return { ...record, bridgeToken: token };
  const amount = answer.receiving?.amount;
  // Named already, with its amount: what the service says later changes nothing here (the status check compares it).
  if (lookedUp.toTokenNamed && (record.toAmount !== '0' || amount === undefined)) return record;
  return {
    ...record,
    toToken: token,
    ...(amount === undefined ? {} : { toAmount: amount }),
    lookedUp: { ...lookedUp, toTokenNamed: true },
  };
}
