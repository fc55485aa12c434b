import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import JSON5 from 'json5';

/**
 * The real li.quest answers in this folder, each saved exactly as its source published it (README.md names the
 * source and date of each). Read as text and parsed here, so the files stay byte for byte what was published.
 */

/** A LiFiStep as li.quest answers /v1/quote and /v1/advanced/stepTransaction: the fields the checks read. */
export type RealStep = {
  id: string;
  type: string;
  tool: string;
  action: {
    fromChainId: number;
    toChainId: number;
    fromToken: { address: string };
    toToken: { address: string };
    fromAmount: string;
    fromAddress?: string;
    toAddress?: string;
    slippage: number;
  };
  estimate: { fromAmount: string; toAmount: string; toAmountMin: string; approvalAddress?: string | null };
  includedSteps?: { tool: string; type: string; action: RealStep['action'] }[];
  transactionRequest: { to: string; from: string; data: string; value: string; chainId: number };
};

export type RealAnswer = {
  /** File name in testing/lifi/real/. */
  file: string;
  /** The bridge (li.quest's tool key of the crossing), or the exchange of a same-chain swap. */
  bridge: string;
  /** The endpoint that gave it. */
  endpoint: '/v1/quote' | '/v1/advanced/stepTransaction';
  step: RealStep;
  /**
   * A known defect: the guard refuses this honest answer at signing, with this code, for the reason given (README.md
   * says more). The test expects exactly that refusal, so it fails, and the entry must go, once the guard is fixed.
   */
  refusedBecause?: { code: string; why: string };
};

/** `.json5` holds an answer published as a JavaScript object literal (single quotes, bare keys), kept as written. */
const read = (file: string): unknown => {
  const text = readFileSync(resolve(import.meta.dirname, file), 'utf8');
  return file.endsWith('.json5') ? JSON5.parse(text) : JSON.parse(text);
};

const answer = (
  file: string,
  bridge: string,
  endpoint: RealAnswer['endpoint'],
  refusedBecause?: RealAnswer['refusedBecause'],
): RealAnswer => ({
  file,
  bridge,
  endpoint,
  step: read(file) as RealStep,
  ...(refusedBecause ? { refusedBecause } : {}),
});

/** Whole LiFiSteps with their `transactionRequest`: the acceptance set of the guard. */
export const REAL_ANSWERS: readonly RealAnswer[] = [
  answer('quote-celercircle-eth-1-to-usdc-42161.json', 'celercircle', '/v1/quote'),
  answer('quote-okx-eth-weth-to-wsteth-1.json5', 'okx (same-chain swap)', '/v1/quote'),
  answer('quote-gaszip-eth-42161-to-eth-8453.json', 'gasZipBridge', '/v1/quote'),
  answer('quote-acrossv4-eth-1-to-eth-4663.json', 'across (AcrossV4)', '/v1/quote'),
];

/**
 * Only a `transactionRequest` was published (no action or estimate): the choice it answers is read from its
 * calldata and source in README.md, so it is checked in src/checks/routers/lifiProduction.test.ts instead.
 */
export const REAL_TRANSACTION_REQUESTS = {
  gnosisGenericSwap: read('transactionRequest-genericswap-gnosis-weth-to-usdt.json') as RealStep['transactionRequest'],
};
