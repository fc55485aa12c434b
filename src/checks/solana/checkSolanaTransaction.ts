import { i18n } from '#i18n';
import { hostOf } from '../../chains/chainReadError';
import { readSolanaBlockhashValid } from '../../chains/readSolanaBlockhashValid';
import { readSolanaTokenAccounts, type SolanaTokenAccount } from '../../chains/readSolanaTokenAccounts';
import {
  type SimulatedAccount,
  type SimulateSolanaTransactionReturnType,
  simulateSolanaTransaction,
} from '../../chains/simulateSolanaTransaction';
import { fetchOneClickStatus } from '../promises/nearIntents';
import type { NearIntentsConfig } from '../promises/nearIntentsConfig';
import { type DecodedSolanaTransaction, decodeSolanaTransaction } from './decodeSolanaTransaction';
import { SolanaTransactionRefused } from './errors';
import { readInstructions } from './instructionRules';
import { proveSolanaDeposit } from './nearIntentsDeposit';
import type { SolanaSourceChoice } from './solanaChoice';
import { solanaEffects } from './solanaEffects';

/**
 * The check before a Solana transaction is signed, for the signing flow to call with the step's transaction as the
 * service gave it: read (./decodeSolanaTransaction.ts, ./instructionRules.ts), fresh (`isBlockhashValid`), simulated
 * through the trusted Solana RPC with the person's token accounts read back after it (./solanaEffects.ts), and a
 * deposit to an address held to its bridge's signed quote (./nearIntentsDeposit.ts). Every refusal is said in words.
 */

export type CheckSolanaTransactionParameters = {
  /** `transactionRequest.data` of the step: the serialized transaction, base64. */
  transaction: string;
  choice: SolanaSourceChoice;
  /** The Solana JSON-RPC this extension trusts (src/chains/trustedRpc.ts). */
  rpcUrl: string;
  /** The least the route showed the receiver gets (the step's `estimate.toAmountMin`), in base units. */
  minAmountOut: bigint;
  /** The bridge the step names and how to prove its deposit. */
  bridge: { kind: 'nearIntents'; config: NearIntentsConfig; status?: (depositAddress: string) => Promise<unknown> };
  /** Programs of the bridges offered, pinned by this build (none for a plain deposit). */
  bridgePrograms?: readonly string[];
  /** Seconds since the epoch. */
  now?: number;
};

export type SolanaVerdict =
  | {
      ok: true;
      /** Who the chosen amount is deposited with, and whether the bridge's own signed quote proves it. */
      depositAddress: string;
      proven: boolean;
      /** Lamports of fee and of rent for accounts it creates, beside the amount. */
      fee: bigint;
      rent: bigint;
    }
  | { ok: false; refusals: readonly SolanaTransactionRefused[] };

const refused = (...refusals: SolanaTransactionRefused[]): SolanaVerdict => ({ ok: false, refusals });

export async function checkSolanaTransaction(parameters: CheckSolanaTransactionParameters): Promise<SolanaVerdict> {
  const { choice, rpcUrl } = parameters;
  const rpcHost = hostOf(rpcUrl);
  if (!choice.toAddress) return refused(new SolanaTransactionRefused('NO_RECEIVER', i18n.t('solanaCheck.noReceiver')));
  let transaction: DecodedSolanaTransaction;
  try {
    transaction = decodeSolanaTransaction(parameters.transaction);
  } catch (err) {
    return refused(
      new SolanaTransactionRefused('UNREADABLE', i18n.t('solanaCheck.unreadable'), { details: String(err) }),
    );
  }
  const read = readInstructions({
    transaction,
    person: choice.fromAddress,
    amount: choice.fromAmount,
    bridgePrograms: parameters.bridgePrograms,
  });
  if (read.refusals.length > 0) return refused(...read.refusals);

  let fresh: boolean;
  try {
    fresh = await readSolanaBlockhashValid({ rpcUrl, blockhash: transaction.recentBlockhash });
  } catch (err) {
    const reason = i18n.t('solanaCheck.blockhashUnread', [rpcHost]);
    return refused(new SolanaTransactionRefused('BLOCKHASH_UNREAD', reason, { details: String(err) }));
  }
  if (!fresh) return refused(new SolanaTransactionRefused('STALE_BLOCKHASH', i18n.t('solanaCheck.staleBlockhash')));

  let before: SolanaTokenAccount[];
  let simulation: SimulateSolanaTransactionReturnType;
  let addresses: string[];
  try {
    before = await readSolanaTokenAccounts({ rpcUrl, owner: choice.fromAddress });
    addresses = [...new Set([choice.fromAddress, ...before.map((a) => a.address), ...transaction.writable])];
    simulation = await simulateSolanaTransaction({ rpcUrl, transaction: parameters.transaction, addresses });
  } catch (err) {
    const reason = i18n.t('solanaCheck.simulationUnavailable', [rpcHost]);
    return refused(new SolanaTransactionRefused('SIM_UNAVAILABLE', reason, { details: String(err) }));
  }
  if (simulation.err !== null) {
    const what = JSON.stringify(simulation.err, (_k, v) => (typeof v === 'bigint' ? Number(v) : v));
    return refused(
      new SolanaTransactionRefused('SIM_FAILED', i18n.t('solanaCheck.simulationFailed', [what]), {
        details: simulation.logs.join('\n'),
      }),
    );
  }
  const after = new Map<string, SimulatedAccount>(addresses.map((a, i) => [a, simulation.accounts[i] ?? null]));
  const effects = solanaEffects({
    transaction,
    choice,
    before,
    simulation,
    after,
    priorityFee: read.priorityFee,
    rpcHost,
  });
  if (!effects.ok) return refused(...effects.refusals);

  const { config } = parameters.bridge;
  const status = await (parameters.bridge.status ?? ((a: string) => fetchOneClickStatus(config.oneClickUrl, a)))(
    effects.depositAddress,
  ).catch(() => undefined);
  const proof = proveSolanaDeposit({
    status,
    depositAddress: effects.depositAddress,
    deposited: effects.deposited,
    choice,
    minAmountOut: parameters.minAmountOut,
    publicKey: config.oneClickKey,
    now: parameters.now ?? Math.floor(Date.now() / 1000),
  });
  if ('refused' in proof) return refused(proof.refused);
  return {
    ok: true,
    depositAddress: effects.depositAddress,
    proven: proof.proven,
    fee: effects.fee,
    rent: effects.rent,
  };
}
