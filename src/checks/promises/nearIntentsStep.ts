import { i18n } from '#i18n';
import { sameAddress } from '../../lib/addresses';
import type { TransferChoice } from '../../model/choice';
import type { CandidateTransaction } from '../guards';
import { routerFamilyAt } from '../routers/registry';
import { fetchOneClickStatus, proveNearIntentsQuote } from './nearIntents';
import { nearIntentsPayloadSigner } from './nearIntentsBackend';
import type { NearIntentsConfig } from './nearIntentsConfig';
import { type PromiseProof, refusedProof } from './types';

export type ProveNearIntentsStepParameters = {
  tx: CandidateTransaction;
  /** What the step was asked to do (its chains, tokens, amount, sender and receiver). */
  choice: TransferChoice;
  config: NearIntentsConfig;
  /** Seconds since the epoch. */
  now?: number;
  signal?: AbortSignal;
};

/**
 * A NEAR Intents step transaction's open figures proven with 1Click: the call's deposit address is asked of 1Click,
 * whose signed quote must name the choice's receiver, token, refund and at least the call's minimum. LI.FI's
 * backend signature over the call is checked first (a call altered on the way is refused). Undefined when the
 * transaction is not a NEAR Intents call this extension decodes.
 */
export async function proveNearIntentsStep(
  parameters: ProveNearIntentsStepParameters,
): Promise<PromiseProof | undefined> {
  const { tx, choice, config } = parameters;
  const chainId = Number(tx.chainId);
  const decoded = routerFamilyAt(chainId, tx.to)?.decode(tx.data as `0x${string}`, chainId);
  if (!decoded?.ok) return undefined;
  const { call } = decoded;
  const depositAddress = call.extra?.depositAddress;
  if (typeof depositAddress !== 'string' || !call.promised?.length) return undefined;
  const signer = await nearIntentsPayloadSigner(tx.data as `0x${string}`, chainId, tx.to as `0x${string}`);
  if (signer !== undefined && !sameAddress(signer, config.backendSigner)) {
    return refusedProof(i18n.t('nearQuote.backendSigner', [config.backendSigner, signer]));
  }
  const status = await fetchOneClickStatus(config.oneClickUrl, depositAddress, parameters.signal);
  return proveNearIntentsQuote({
    status,
    call: { depositAddress, minAmountOut: call.minAmountOut ?? 0n, promised: call.promised },
    choice,
    publicKey: config.oneClickKey,
    now: parameters.now ?? Math.floor(Date.now() / 1000),
  });
}
