import * as v from 'valibot';
import type { GasSuggestion } from '../../api/lifi/gasSuggestion';
import type { PromisedFigure } from '../../checks/routers/types';
import { createSimulator } from '../../checks/simulation/simulateBeforeSigning';
import { SimulationUnsupportedError } from '../../checks/simulation/simulateCalls';
import { userMessage } from '../../errors/userMessage';
import type { TransferChoice } from '../../model/choice';
import { TransferChoiceSchema } from '../../model/choiceSchema';
import { ChainAddressSchema } from '../../schemas/chainAddress';
import { AddressSchema } from '../../schemas/primitives';
import { RouteSchema } from '../../schemas/route';
import type { DestinationGasCheck } from '../../signing/destinationGas';
import { previewTransfer as preview } from '../../signing/previewTransfer';
import type { RoutingApi } from '../api/routingApi';
import { fetchVerifiedStep } from '../verifiedStep';
import { backgroundMessage } from './define';
import { Hex } from './fields';

/** Gas on the chain a later step is signed on, as read there (src/signing/destinationGas.ts); wei as decimal strings. */
export type DestinationGasPreview = {
  chainId: number;
  step: number;
  needed: string;
  /** Undefined when the chain's trusted RPC could not be read. */
  balance?: string;
  enough?: boolean;
  /** The service's gas suggestion where too little is there (LI.FI's `/v1/gas/suggestion`): gas and its price. */
  suggested?: { gas: string; fromAmountForGas: string };
};

/**
 * The review's answer: the simulated balance changes (decimal strings), why it was not simulated, or the refusal;
 * with the destination's gas when a later step is signed on another chain.
 */
export type TransferPreview = (
  | { kind: 'simulated'; changes: { token: `0x${string}`; amount: string }[] }
  | { kind: 'notSimulated'; reason: string }
  | { kind: 'refused'; reason: string }
) & {
  destinationGas?: DestinationGasPreview;
  /** Figures only the bridge's own quote holds (src/checks/routers/types.ts PromisedFigure), for the review to name. */
  promised?: PromisedFigure[];
  /** A bridge's fee in the source chain's native coin beside the amount, read from its own contract (wei, decimal). */
  nativeFee?: string;
};

/**
 * previewTransfer: the review is open. The background fetches the step transaction (and the approval it needs), guards
 * them as the signing flow does and simulates them through the source chain's trusted RPC, and answers the account's
 * balance changes, "not simulated" with the reason, or the refusal in words (a revert, an effect beyond the choice).
 * Nothing is signed or stored; the signing flow simulates again right before each signature. Extension pages only.
 */
const destinationGasPreview = (
  check: DestinationGasCheck | undefined,
  suggested: GasSuggestion | undefined,
): { destinationGas?: DestinationGasPreview } =>
  check
    ? {
        destinationGas: {
          chainId: check.chainId,
          step: check.step,
          needed: check.needed.toString(),
          ...(check.read ? { balance: check.balance.toString(), enough: check.enough } : {}),
          ...(suggested
            ? { suggested: { gas: suggested.gas.toString(), fromAmountForGas: suggested.fromAmountForGas.toString() } }
            : {}),
        },
      }
    : {};

/**
 * Where the destination lacks gas for a later step, the service's own suggestion of what to bring and for how much of
 * the token sent (LI.FI's; the spec's service has none). Its failure costs nothing: the popup estimates itself.
 */
async function suggestedGas(
  api: RoutingApi,
  choice: TransferChoice,
  check: DestinationGasCheck | undefined,
): Promise<GasSuggestion | undefined> {
  if (!check?.read || check.enough) return undefined;
  const params = { chainId: check.chainId, fromChainId: choice.fromChainId, fromToken: choice.fromToken };
  return api.getGasSuggestion(params).catch(() => undefined);
}

export const previewTransfer = backgroundMessage({
  access: 'page',
  schema: v.object({
    account: v.pipe(AddressSchema, Hex<`0x${string}`>()),
    recipient: ChainAddressSchema,
    choice: TransferChoiceSchema,
    route: RouteSchema,
    allowUnlimited: v.boolean(),
  }),
  run: async (input, { api, chainReads }): Promise<TransferPreview> => {
    // The RPC the extension trusts for the chain (the person's override or the build's pin), never one a page names.
    const simulator = createSimulator({ rpcUrl: chainReads.rpcUrl });
    try {
      const report = await preview(input, {
        getStepTransaction: (data) => fetchVerifiedStep(api, data),
        simulator,
        readAllowance: async (chainId, token, owner, spender) => {
          const url = await chainReads.rpcUrl(chainId);
          if (!url) return undefined;
          const read = await chainReads.rpc.readAllowance(url, token, owner, spender).catch(() => undefined);
          return read?.rpcChainId === chainId ? read.allowance : undefined;
        },
        readGasFunds: async (chainId, owner) => {
          const url = await chainReads.rpcUrl(chainId);
          if (!url) return undefined;
          const read = await chainReads.rpc.readGasFunds(url, owner).catch(() => undefined);
          return read?.rpcChainId === chainId ? read : undefined;
        },
      });
      const gas = {
        ...destinationGasPreview(report.destinationGas, await suggestedGas(api, input.choice, report.destinationGas)),
        ...(report.promised ? { promised: [...report.promised] } : {}),
        ...(report.nativeFee !== undefined ? { nativeFee: report.nativeFee.toString() } : {}),
      };
      if (!report.simulated) return { kind: 'notSimulated', reason: report.reason, ...gas };
      return {
        kind: 'simulated',
        changes: report.changes.map((change) => ({ token: change.token, amount: change.amount.toString() })),
        ...gas,
      };
    } catch (err) {
      if (err instanceof SimulationUnsupportedError) return { kind: 'notSimulated', reason: userMessage(err) };
      return { kind: 'refused', reason: userMessage(err) };
    }
  },
});
