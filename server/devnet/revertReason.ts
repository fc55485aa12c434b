import { decodeErrorResult, type Hex } from 'viem';
import type { KnownSubstatus } from '../../src/schemas/status';
import { bridgeRouterAbi } from './artifacts/BridgeRouter';
import { devTokenAbi } from './artifacts/DevToken';
import type { ChainWatcher } from './chainWatcher';

export type FailureCause = { substatus: KnownSubstatus; message: string };

/** Custom errors of the router and of the tokens it calls (their revert data is bubbled up unchanged). */
const errorAbi = [...bridgeRouterAbi, ...devTokenAbi].filter((entry) => entry.type === 'error');

const SUBSTATUS_BY_ERROR: Record<string, KnownSubstatus> = {
  SlippageExceeded: 'SLIPPAGE_EXCEEDED',
  InsufficientAllowance: 'INSUFFICIENT_ALLOWANCE',
  InsufficientBalance: 'INSUFFICIENT_BALANCE',
  NativeValueMismatch: 'INSUFFICIENT_BALANCE',
};

type CallFrame = { output?: Hex; error?: string; revertReason?: string; gas?: Hex; gasUsed?: Hex };

/**
 * Why a mined transaction reverted: anvil re-executes it in its block (debug_traceTransaction) and returns the
 * revert data, which is decoded against the router's and the tokens' custom errors.
 */
export async function failureCause(watcher: ChainWatcher, hash: Hex): Promise<FailureCause> {
  let frame: CallFrame;
  try {
    frame = (await watcher.client.request({
      // biome-ignore lint/suspicious/noExplicitAny: debug namespace is not in viem's public RPC schema.
      method: 'debug_traceTransaction' as any,
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      params: [hash, { tracer: 'callTracer' }] as any,
    })) as CallFrame;
  } catch (error) {
    return { substatus: 'UNKNOWN_FAILED_ERROR', message: `could not trace: ${(error as Error).message}` };
  }
  if (frame.error && /out of gas|OutOfGas/i.test(frame.error)) {
    return { substatus: 'OUT_OF_GAS', message: 'the transaction ran out of gas' };
  }
  return decodeRevert(frame.output, frame.error);
}

export function decodeRevert(data: Hex | undefined, fallback?: string): FailureCause {
  if (!data || data === '0x')
    return { substatus: 'UNKNOWN_FAILED_ERROR', message: fallback ?? 'reverted without data' };
  try {
    const decoded = decodeErrorResult({ abi: errorAbi, data });
    const args = (decoded.args ?? []).map((arg) => String(arg)).join(', ');
    return {
      substatus: SUBSTATUS_BY_ERROR[decoded.errorName] ?? 'UNKNOWN_FAILED_ERROR',
      message: `${decoded.errorName}(${args})`,
    };
  } catch {
    return { substatus: 'UNKNOWN_FAILED_ERROR', message: fallback ?? `reverted with ${data.slice(0, 10)}` };
  }
}
