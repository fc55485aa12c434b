import type { ExecutionRecord, TransferRecord } from '../../model/transfer';
import type { DestinationGasDeps } from '../../signing/destinationGas';
import type { TransferStore } from '../transfers/transferStore';
import { steppedOn } from './followStep';
import { readGasArrival } from './gasArrival';

type NextStepDeps = {
  readGasFunds: DestinationGasDeps['readGasFunds'];
  needsPerson: (record: ExecutionRecord) => Promise<void>;
  update: TransferStore['update'];
};

/**
 * The store's change listener for a route of several steps: when an execution stepped on to a step that waits for a
 * signature, the next step's gas is read on chain (gasArrival.ts) and the person told.
 */
export function createNextStepNotice(deps: NextStepDeps) {
  return async (before: TransferRecord | undefined, after: TransferRecord | undefined): Promise<void> => {
    if (!steppedOn(before, after)) return;
    const record = after as ExecutionRecord;
    // One read before the notice, so it can say the gas; Gas.zip may pay later: then only the popup says it.
    // Kept by a later write, not awaited here: this listener runs inside the store's write.
    const first = await readGasArrival(record, { readGasFunds: deps.readGasFunds }, 1).catch(() => undefined);
    void keepGasRead(deps, record, first).catch((err) => console.warn('[background] gas read failed', err));
    const told = first ? { ...record, execution: { ...record.execution, gasRead: first } } : record;
    await deps.needsPerson(told).catch((err) => console.warn('[background] notice failed', err));
  };
}

/** The next step's gas as the chain shows it (gasArrival.ts), kept on the record for the popup. */
async function keepGasRead(
  deps: NextStepDeps,
  record: ExecutionRecord,
  known?: ExecutionRecord['execution']['gasRead'],
): Promise<void> {
  const gasRead = known ?? (await readGasArrival(record, { readGasFunds: deps.readGasFunds }));
  if (!gasRead) return;
  await deps.update(record.id, (current) =>
    current?.execution?.phase === 'needsSignature' && current.execution.step === record.execution.step
      ? { ...current, execution: { ...current.execution, gasRead } }
      : current,
  );
}
