import { decodeFunctionData, type Hex } from 'viem';
import { i18n } from '#i18n';
import { readTrustedContract } from '../../chains/readTrustedContract';
import type { TrustedClient } from '../../chains/trustedClient';
import { DLN_SOURCE_ADDRESS, dlnSourceAbi } from '../../contracts/dlnSource';
import { deBridgeDlnFacetAbi } from '../../contracts/lifi/deBridgeDln';
import type { TransferChoice } from '../../model/choice';
import { isNativeToken } from '../../schemas/primitives';
import type { CandidateTransaction } from '../guards';
import { refusedProof } from './types';

export type ProveDebridgeFeeParameters = {
  tx: CandidateTransaction;
  /** What the step was asked to do: its source chain, token and amount. */
  choice: Pick<TransferChoice, 'fromChainId' | 'fromToken' | 'fromAmount'>;
  /** The trusted RPC of the source chain (src/chains/trustedClient.ts). */
  client: TrustedClient;
};

/** The fee proven (the figure the review states as read on chain), or the contradiction in words. */
export type DebridgeFeeProof =
  | { ok: true; proven: readonly ['nativeFee']; unproven: readonly []; nativeFee: bigint }
  | { ok: false; reason: string };

/**
 * deBridge's fixed fee, proven by DLN's own contract: a DLN order of a token carries, beyond the amount, exactly the
 * native fee DlnSource states (`globalFixedNativeFee()`, read through the trusted RPC), which LI.FI's facet reads and
 * forwards; the calldata does not name it, so without this read any value on top would be only the service's word.
 * A value differing from the contract's fee is refused, in words; an unreadable fee is refused too (the figure must
 * be proven). Undefined when the call is not a DLN order of a token (an order of the native coin pays the fee out of
 * its amount, which the guard holds to the amount exactly).
 */
export async function proveDebridgeFee(parameters: ProveDebridgeFeeParameters): Promise<DebridgeFeeProof | undefined> {
  const { tx, choice, client } = parameters;
  const sending = dlnSendingAsset(tx.data);
  if (sending === undefined || isNativeToken(sending)) return undefined;
  const value = BigInt(tx.value);
  const beyond = value - (isNativeToken(choice.fromToken) ? choice.fromAmount : 0n);
  let fee: bigint;
  try {
    fee = BigInt(
      await readTrustedContract(client, {
        chainId: choice.fromChainId,
        address: DLN_SOURCE_ADDRESS,
        abi: dlnSourceAbi,
        functionName: 'globalFixedNativeFee',
      }),
    );
  } catch (error) {
    return refusedProof(i18n.t('debridgeFee.unread', [(error as Error).message])) as DebridgeFeeProof;
  }
  if (beyond !== fee)
    return refusedProof(i18n.t('debridgeFee.mismatch', [String(beyond), String(fee)])) as DebridgeFeeProof;
  return { ok: true, proven: ['nativeFee'], unproven: [], nativeFee: fee };
}

/** The token a DLN order gives (BridgeData's sendingAssetId), or undefined when `data` is no DLN facet call. */
function dlnSendingAsset(data: string): string | undefined {
  try {
    const { args } = decodeFunctionData({ abi: deBridgeDlnFacetAbi, data: data as Hex });
    return (args[0] as { sendingAssetId: string }).sendingAssetId;
  } catch {
    return undefined;
  }
}
