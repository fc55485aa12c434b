import { prefillAmount } from '../format/parseAmount';
import type { FormSlice } from './store/types';

type PrefillArgs = Parameters<FormSlice['applyPrefill']>[0];

const chainParam = (value: string | null) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined);
const addressParam = (value: string | null) => (value && /^0x[0-9a-fA-F]{40}$/.test(value) ? value : undefined);

/** `popup.html?fromChain=1&fromToken=0x…&toChain=10&toToken=0x…&amount=1.5`; malformed values are ignored. */
export function readUrlPrefill(search: string): PrefillArgs | undefined {
  const params = new URLSearchParams(search);
  const prefill: PrefillArgs = {
    fromChainId: chainParam(params.get('fromChain')),
    fromTokenAddress: addressParam(params.get('fromToken')),
    toChainId: chainParam(params.get('toChain')),
    toTokenAddress: addressParam(params.get('toToken')),
    // By the form's own rule (src/format/parseAmount.ts): "1,500" is dropped rather than guessed.
    amount: prefillAmount(params.get('amount') ?? ''),
  };
  return Object.values(prefill).some((v) => v !== undefined) ? prefill : undefined;
}
