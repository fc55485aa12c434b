import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toWire } from '../messaging/wire';
import type { TransferChoice } from './choice';
import { TransferChoiceSchema } from './choiceSchema';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

const choice = (over: Partial<TransferChoice> = {}): TransferChoice => ({
  fromChainId: 1,
  toChainId: 42161,
  fromToken: USDC_ETH,
  toToken: USDC_ARB,
  fromAmount: 60_000_000n,
  fromAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  slippage: 0.005,
  ...over,
});

/** The popup's choice as a message carries it, checked as the background checks it, and read back. */
const throughMessage = (chosen: TransferChoice) =>
  v.parse(TransferChoiceSchema, JSON.parse(JSON.stringify(toWire(chosen))));

describe('the stored choice between popup and background', () => {
  it('carries gas on arrival as a decimal string and reads it back as the same bigint', () => {
    const chosen = choice({ fromAmountForGas: 4_000_000n });
    expect(toWire(chosen).fromAmountForGas).toBe('4000000');
    expect(throughMessage(chosen)).toEqual(chosen);
  });

  it('leaves gas on arrival out when none was chosen', () => {
    expect(toWire(choice())).not.toHaveProperty('fromAmountForGas');
    expect(throughMessage(choice())).not.toHaveProperty('fromAmountForGas');
  });

  it('refuses gas that is nothing, the whole amount or more, or no integer', () => {
    const stored = toWire(choice());
    for (const gas of ['0', '60000000', '60000001', '4e6', '-1', '0x10']) {
      expect(v.safeParse(TransferChoiceSchema, { ...stored, fromAmountForGas: gas }).success, gas).toBe(false);
    }
    expect(v.safeParse(TransferChoiceSchema, { ...stored, fromAmountForGas: '59999999' }).success).toBe(true);
  });
});
