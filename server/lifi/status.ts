import type {
  BaseStatusData,
  ChainId,
  ExtendedTransactionInfo,
  StatusMessage,
  StatusResponse,
  Substatus,
  Token,
} from '@lifi/types';
import type { Leg, StatusResponse as SpecStatus } from '../../src/schemas/status';
import type { Catalog } from '../catalog/catalog';
import { oneClickStatus } from '../devnet/oneClickQuotes';
import { invalidField } from '../http/apiError';
import { type Handler, json } from '../http/handler';
import { parseRequest } from '../http/validate';
import type { StatusSource } from '../ports';
import { formatUSD, fromUnits } from '../routing/units';
import { nearDepositAddress } from './facetCalls';
import { lifiToken } from './present';
import { LifiStatusQuerySchema } from './requests';

/** LI.FI's public explorer, used when the devnet explorer has no page for the transaction. */
const LIFI_SCAN = 'https://scan.li.fi/tx/';

type DevnetExtras = {
  transactionId?: string;
  fromAddress?: string;
  toAddress?: string;
  integrator?: string;
  gasUsed?: string;
  gasPrice?: string;
};

function legToken(catalog: Catalog, leg: Leg): Token | undefined {
  const chainId = leg.chainId === undefined ? undefined : Number(leg.chainId);
  if (chainId === undefined || !leg.token) return undefined;
  const known = catalog.findToken(chainId, leg.token.address);
  return known ? lifiToken(known) : undefined;
}

function transactionInfo(catalog: Catalog, leg: Leg, gas: { used: string; price: string }): ExtendedTransactionInfo {
  const chainId = Number(leg.chainId) as ChainId;
  const native = catalog.nativeToken(chainId);
  const gasAmount = BigInt(gas.used) * BigInt(gas.price);
  const token = legToken(catalog, leg);
  const gasToken = native
    ? lifiToken(native)
    : {
        address: '0x0000000000000000000000000000000000000000',
        chainId,
        symbol: 'ETH',
        decimals: 18,
        name: 'Ether',
        priceUSD: '0',
      };
  return {
    txHash: leg.txHash ?? '',
    chainId,
    txLink: leg.txLink ?? `${LIFI_SCAN}${leg.txHash ?? ''}`,
    ...(leg.amount !== undefined ? { amount: leg.amount } : {}),
    ...(token ? { token } : {}),
    ...(token && leg.amount !== undefined
      ? { amountUSD: formatUSD(fromUnits(BigInt(leg.amount), token.decimals) * Number(token.priceUSD)) }
      : {}),
    gasPrice: gas.price,
    gasUsed: gas.used,
    gasToken,
    gasAmount: gasAmount.toString(),
    gasAmountUSD: formatUSD(fromUnits(gasAmount, gasToken.decimals) * Number(gasToken.priceUSD)),
    ...(leg.timestamp !== undefined ? { timestamp: leg.timestamp } : {}),
  };
}

/**
 * The devnet's status (the spec's shape) as LI.FI's StatusResponse: `transactionId`, `sending`/`receiving` with
 * their chain IDs (none at the top level), `lifiExplorerLink`, `fromAddress`, `toAddress`, `tool`, `metadata`.
 * FAILED carries no `receiving`; an unknown hash is `NOT_FOUND` (a 200). The receiving leg's gas is the relayer's,
 * paid inside the bridge fee: reported as 0.
 */
/** A known transfer is a `StatusResponse`; an unknown hash only `BaseStatusData` (`{status: 'NOT_FOUND'}`). */
export type LifiStatusAnswer = StatusResponse | BaseStatusData;

export function lifiStatus(catalog: Catalog, spec: SpecStatus, txHash: string): LifiStatusAnswer {
  const status = spec.status as StatusMessage;
  const substatus = spec.substatus as Substatus | undefined;
  const message = spec.substatusMessage !== undefined ? { substatusMessage: spec.substatusMessage } : {};
  if (!spec.sending || status === 'NOT_FOUND' || status === 'INVALID') {
    return { status: status === 'INVALID' ? 'INVALID' : 'NOT_FOUND', ...message };
  }
  const extras = spec as SpecStatus & DevnetExtras;
  const sending = transactionInfo(catalog, spec.sending, {
    used: extras.gasUsed ?? '0',
    price: extras.gasPrice ?? '0',
  });
  const base = {
    ...(substatus !== undefined ? { substatus } : {}),
    ...message,
    sending,
  };
  if (status === 'FAILED') return { ...base, status: 'FAILED' };
  const receiving =
    spec.receiving?.txHash !== undefined
      ? transactionInfo(catalog, spec.receiving, { used: '0', price: '0' })
      : { chainId: Number(spec.receiving?.chainId ?? spec.toChainId) as ChainId };
  return {
    ...base,
    status,
    tool: spec.tool ?? '',
    transactionId: extras.transactionId ?? txHash,
    receiving,
    feeCosts: [],
    lifiExplorerLink: `${LIFI_SCAN}${txHash}`,
    fromAddress: extras.fromAddress ?? '',
    toAddress: extras.toAddress ?? '',
    metadata: { integrator: extras.integrator ?? '' },
  };
}

/**
 * GET /v1/status: LI.FI's StatusResponse, asked by `txHash`, `taskId`, `transactionId` or `depositAddress`, as li.quest
 * takes them; an unknown one is a 200 NOT_FOUND. `txHash` and `taskId` exclude each other; beside one of them,
 * `transactionId` and `depositAddress` are what the LI.FI SDK adds and are not needed. Alone, each names the transfer:
 * the twin has no relayer or intent solver of its own, so its tasks are its transfers' LI.FI `transactionId` (what
 * the diamond's events carry), and a deposit address is the NEAR Intents deposit derived from one.
 */
export const getLifiStatus: Handler = async (ctx, req) => {
  const { txHash, taskId, transactionId, depositAddress } = parseRequest(LifiStatusQuerySchema, req.query);
  if (txHash !== undefined && taskId !== undefined) throw invalidField('taskId', 'give txHash or taskId, not both');
  if ([txHash, taskId, transactionId, depositAddress].every((ref) => ref === undefined)) {
    throw invalidField('txHash', 'txHash, taskId, transactionId or depositAddress is required');
  }
  const notFound = json({ status: 'NOT_FOUND' } satisfies LifiStatusAnswer);
  if (!ctx.status) return notFound;
  const found = await sourceHash(ctx.status, { txHash, taskId, transactionId, depositAddress });
  if (found === undefined) return notFound;
  // A Solana signature is base58, where case is part of it; a 0x hash is found in any case.
  const hash = /^0x/i.test(found) ? found.toLowerCase() : found;
  return json(lifiStatus(ctx.catalog, await ctx.status.getStatus(hash), hash));
};

type StatusRefs = { txHash?: string; taskId?: string; transactionId?: string; depositAddress?: string };

/** The source transaction the request names, by the first of its references that names one. */
async function sourceHash(status: StatusSource, refs: StatusRefs): Promise<string | undefined> {
  if (refs.txHash !== undefined) return refs.txHash;
  const task = refs.taskId ?? refs.transactionId;
  if (task !== undefined) return status.findTask?.(task as `0x${string}`);
  // A 1Click deposit address on Solana (base58): the deposit 1Click saw land there, by its signature.
  if (refs.depositAddress !== undefined && !/^0x/i.test(refs.depositAddress)) {
    return oneClickStatus(refs.depositAddress)?.swapDetails.originChainTxHashes[0]?.hash;
  }
  const deposit = refs.depositAddress?.toLowerCase();
  return status.findTransfer?.((id) => nearDepositAddress(id).toLowerCase() === deposit);
}
