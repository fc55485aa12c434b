import type { Hex, TransactionReceipt } from 'viem';
import { LIFI_DIAMOND_ADDRESS } from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS } from '../../src/contracts/router';
import { wordToSolanaAddress } from '../../src/lib/solanaAddress';
import { NATIVE_TOKEN_ADDRESS } from '../../src/schemas/primitives';
import type { Leg, StatusResponse } from '../../src/schemas/status';
import type { Catalog } from '../catalog/catalog';
import { SOLANA_CHAIN_ID } from '../catalog/chainData';
import type { StatusSource } from '../ports';
import { SOLANA_SYSTEM_PROGRAM } from '../routing/solanaSource';
import { bridgeRouterAbi } from './artifacts/BridgeRouter';
import type { ChainWatcher } from './chainWatcher';
import { devnetTxLink } from './explorerLinks';
import { failureCause } from './revertReason';
import { DEVNET_EXCHANGE_KEY } from './seedPlan';
import type { SolanaDevnet } from './solana';
import { findSolanaDeposit, quotedDestination, solanaDepositId } from './solanaDeposits';
import { describeDiamondCall, describeRouterCall, routerEvents } from './statusCalls';
import { confirmationMs, toolKey } from './timing';
import type { TokenInfo, TokenInfoSource } from './tokenInfo';
import { findTransfer, findTransferByTask } from './transferByTask';

export type DevnetStatusOptions = {
  watchers: ReadonlyMap<number, ChainWatcher>;
  catalog: Catalog;
  tokens: TokenInfoSource;
  timeFactor: number;
  /** Read on every call: the service learns its explorer URL after the devnet has started. */
  explorerBaseUrl: () => string | undefined;
  /** Where deposits for Solana are paid (server/devnet/solana.ts). */
  solana?: SolanaDevnet;
};

const router = ROUTER_ADDRESS.toLowerCase();
const diamond = LIFI_DIAMOND_ADDRESS.toLowerCase();

/**
 * Status read from the chains, nothing cached: the source receipt says FAILED (with the decoded revert cause),
 * a same-chain swap (DONE once mined) or a bridge deposit, whose outcome is found by depositId in the router's
 * logs: BridgeRefunded on the source (DONE/REFUNDED), BridgeFilled on the destination (DONE/COMPLETED or PARTIAL),
 * BridgeVoided (PENDING/REFUND_IN_PROGRESS), or nothing yet (PENDING, first WAIT_SOURCE_CONFIRMATIONS for one
 * source block time scaled by timeFactor, then WAIT_DESTINATION_TRANSACTION). Hashes not found on any devnet
 * chain, or of transactions that are not router swaps or deposits, are NOT_FOUND.
 */
export function createDevnetStatus(options: DevnetStatusOptions): StatusSource {
  const { watchers, tokens } = options;

  const link = (chainId: number, hash: string) => devnetTxLink(options.explorerBaseUrl(), chainId, hash);
  const token = async (chainId: number, address: string): Promise<TokenInfo | undefined> =>
    tokens.get(chainId, address).catch(() => undefined);
  const solanaToken = async (mint: string): Promise<TokenInfo | undefined> => {
    const listed = options.solana?.tokenOf(mint);
    return (
      listed && {
        address: listed.address,
        chainId: SOLANA_CHAIN_ID,
        symbol: listed.symbol,
        decimals: listed.decimals,
        name: listed.name,
      }
    );
  };
  const solanaNative = (): TokenInfo | undefined => {
    const sol = options.catalog.nativeToken(SOLANA_CHAIN_ID);
    return (
      sol && {
        address: NATIVE_TOKEN_ADDRESS,
        chainId: SOLANA_CHAIN_ID,
        symbol: sol.symbol,
        decimals: sol.decimals,
        name: sol.name,
      }
    );
  };
  type LegFields = { txHash?: string; amount?: string; timestamp?: number };
  const leg = (chainId: number, info: TokenInfo | undefined, fields: LegFields = {}): Leg => {
    const result: Leg = { chainId, ...fields };
    if (info) result.token = info;
    if (fields.txHash) {
      const txLink = link(chainId, fields.txHash);
      if (txLink) result.txLink = txLink;
    }
    return result;
  };

  async function findReceipt(hash: Hex): Promise<{ watcher: ChainWatcher; receipt: TransactionReceipt } | undefined> {
    const found = await Promise.all(
      [...watchers.values()].map(async (watcher) => {
        const receipt = await watcher.client.getTransactionReceipt({ hash }).catch(() => undefined);
        return receipt ? { watcher, receipt } : undefined;
      }),
    );
    return found.find((entry) => entry !== undefined);
  }

  /**
   * A transfer from Solana, by the deposit's signature: the sending leg is the deposit to 1Click's address (its
   * amount and token), the receiving leg the relayer's fill on the EVM chain under the signature's deposit id
   * (server/devnet/solanaDeposits.ts); until then PENDING, first for Solana's confirmation.
   */
  async function solanaSourceStatus(solana: SolanaDevnet, signature: string): Promise<StatusResponse> {
    const record = solana.transaction(signature);
    const deposit = record && findSolanaDeposit(record);
    if (!deposit) return { status: 'NOT_FOUND' };
    const destination = quotedDestination(deposit.quote, options.catalog, watchers.keys());
    const dstChainId = destination?.chainId ?? SOLANA_CHAIN_ID;
    const [infoIn, infoDst] = await Promise.all([
      deposit.token === SOLANA_SYSTEM_PROGRAM ? solanaNative() : solanaToken(deposit.token),
      destination ? token(destination.chainId, destination.token) : undefined,
    ]);
    const base = {
      ...(deposit.transactionId ? { transactionId: deposit.transactionId } : {}),
      fromAddress: deposit.sender,
      toAddress: String(deposit.quote.quoteRequest.recipient),
      gasUsed: deposit.fee.toString(),
      gasPrice: '1',
      tool: 'near',
      fromChainId: SOLANA_CHAIN_ID,
      toChainId: dstChainId,
      sending: leg(SOLANA_CHAIN_ID, infoIn, {
        txHash: signature,
        amount: deposit.amount.toString(),
        timestamp: deposit.blockTime,
      }),
    };
    if (deposit.failed) {
      return { ...base, status: 'FAILED', substatus: 'UNKNOWN_FAILED_ERROR', receiving: leg(dstChainId, infoDst) };
    }
    const fills = destination
      ? await watchers.get(destination.chainId)!.client.getContractEvents({
          address: ROUTER_ADDRESS,
          abi: bridgeRouterAbi,
          eventName: 'BridgeFilled',
          args: { depositId: solanaDepositId(signature) },
          fromBlock: 0n,
        })
      : [];
    const fill = fills[0];
    if (fill && destination) {
      const fillBlock = await watchers.get(destination.chainId)!.client.getBlock({ blockNumber: fill.blockNumber });
      return {
        ...base,
        status: 'DONE',
        substatus: 'COMPLETED',
        receiving: leg(destination.chainId, await token(destination.chainId, fill.args.token ?? destination.token), {
          txHash: fill.transactionHash,
          amount: (fill.args.amount ?? 0n).toString(),
          timestamp: Number(fillBlock.timestamp),
        }),
      };
    }
    const waiting =
      Date.now() < deposit.blockTime * 1000 + confirmationMs(options.catalog, SOLANA_CHAIN_ID, options.timeFactor);
    return {
      ...base,
      status: 'PENDING',
      substatus: waiting ? 'WAIT_SOURCE_CONFIRMATIONS' : 'WAIT_DESTINATION_TRANSACTION',
      receiving: leg(dstChainId, infoDst),
    };
  }

  return {
    findTask: (taskId) => findTransferByTask(watchers.values(), taskId),
    findTransfer: (matches) => findTransfer(watchers.values(), matches),
    async getStatus(txHash) {
      if (!/^0x/i.test(txHash))
        return options.solana ? solanaSourceStatus(options.solana, txHash) : { status: 'NOT_FOUND' };
      const hash = txHash.toLowerCase() as Hex;
      const found = await findReceipt(hash);
      const to = found?.receipt.to?.toLowerCase();
      if (!found || (to !== router && to !== diamond)) return { status: 'NOT_FOUND' };
      const { watcher, receipt } = found;
      const chainId = watcher.chainId;
      const [tx, block] = await Promise.all([
        watcher.client.getTransaction({ hash }),
        watcher.client.getBlock({ blockNumber: receipt.blockNumber }),
      ]);
      const timestamp = Number(block.timestamp);
      const call = to === diamond ? describeDiamondCall(tx.input, receipt) : describeRouterCall(tx.input, receipt);
      if (!call) return { status: 'NOT_FOUND' };
      // Diamond transactions carry LI.FI's own identifiers (the lifi dialect's status needs them).
      const lifi = call.lifi
        ? {
            ...call.lifi,
            fromAddress: tx.from,
            gasUsed: receipt.gasUsed.toString(),
            gasPrice: receipt.effectiveGasPrice.toString(),
          }
        : {};

      if (call.kind === 'swap') {
        const { tokenIn, tokenOut, amountIn } = call;
        const [infoIn, infoOut] = await Promise.all([token(chainId, tokenIn), token(chainId, tokenOut)]);
        const base = {
          ...lifi,
          tool: DEVNET_EXCHANGE_KEY,
          fromChainId: chainId,
          toChainId: chainId,
          sending: leg(chainId, infoIn, { txHash: hash, amount: amountIn.toString(), timestamp }),
        };
        if (receipt.status !== 'success') {
          const cause = await failureCause(watcher, hash);
          return {
            ...base,
            status: 'FAILED',
            substatus: cause.substatus,
            substatusMessage: cause.message,
            receiving: leg(chainId, infoOut),
          };
        }
        return {
          ...base,
          status: 'DONE',
          substatus: 'COMPLETED',
          receiving: leg(chainId, infoOut, { txHash: hash, amount: (call.amountOut ?? 0n).toString(), timestamp }),
        } satisfies StatusResponse;
      }

      const { params } = call;
      const dstChainId = Number(params.dstChainId);
      // A deposit for Solana names its receiver and SPL mint in BridgeToNonEvm (its params hold placeholders).
      const nonEvm = routerEvents(receipt).find((event) => event.eventName === 'BridgeToNonEvm');
      const solanaMint =
        nonEvm?.eventName === 'BridgeToNonEvm' ? wordToSolanaAddress(nonEvm.args.receivingToken!) : undefined;
      const [infoIn, infoDst] = await Promise.all([
        token(chainId, params.tokenIn),
        solanaMint ? solanaToken(solanaMint) : token(dstChainId, params.dstToken),
      ]);
      const base = {
        ...lifi,
        tool: toolKey(params.tool),
        fromChainId: chainId,
        toChainId: dstChainId,
        sending: leg(chainId, infoIn, { txHash: hash, amount: params.amountIn.toString(), timestamp }),
      };
      if (receipt.status !== 'success') {
        const cause = await failureCause(watcher, hash);
        return {
          ...base,
          status: 'FAILED',
          substatus: cause.substatus,
          substatusMessage: cause.message,
          receiving: leg(dstChainId, infoDst),
        };
      }
      // The transfer's deposit is the call's last: gas on arrival deposits with Gas.zip before it.
      const started = routerEvents(receipt).findLast(
        (event) => event.eventName === 'BridgeStarted' || event.eventName === 'BridgeStartedOnQuote',
      );
      if (started?.eventName !== 'BridgeStarted' && started?.eventName !== 'BridgeStartedOnQuote') {
        return { status: 'NOT_FOUND' };
      }
      const depositId = started.args.depositId;

      const [refunds, fills, voids] = await Promise.all([
        watcher.client.getContractEvents({
          address: ROUTER_ADDRESS,
          abi: bridgeRouterAbi,
          eventName: 'BridgeRefunded',
          args: { depositId },
          fromBlock: receipt.blockNumber,
        }),
        watchers.get(dstChainId)?.client.getContractEvents({
          address: ROUTER_ADDRESS,
          abi: bridgeRouterAbi,
          eventName: 'BridgeFilled',
          args: { depositId },
          fromBlock: 0n,
        }) ?? [],
        watchers.get(dstChainId)?.client.getContractEvents({
          address: ROUTER_ADDRESS,
          abi: bridgeRouterAbi,
          eventName: 'BridgeVoided',
          args: { depositId },
          fromBlock: 0n,
        }) ?? [],
      ]);

      const refund = refunds[0];
      if (refund) {
        const refundBlock = await watcher.client.getBlock({ blockNumber: refund.blockNumber });
        return {
          ...base,
          status: 'DONE',
          substatus: 'REFUNDED',
          substatusMessage: 'The destination could not be filled; the bridged amount was returned on the source chain.',
          receiving: leg(chainId, await token(chainId, refund.args.token ?? params.bridgeToken), {
            txHash: refund.transactionHash,
            amount: (refund.args.amount ?? 0n).toString(),
            timestamp: Number(refundBlock.timestamp),
          }),
        };
      }
      const delivery = dstChainId === SOLANA_CHAIN_ID ? options.solana?.delivery(depositId) : undefined;
      if (delivery) {
        return {
          ...base,
          status: 'DONE',
          substatus: 'COMPLETED',
          receiving: leg(dstChainId, infoDst, {
            txHash: delivery.signature,
            amount: delivery.amount.toString(),
            timestamp: delivery.timestamp,
          }),
        };
      }
      const fill = fills[0];
      const destination = watchers.get(dstChainId);
      if (fill && destination) {
        const fillBlock = await destination.client.getBlock({ blockNumber: fill.blockNumber });
        const partial = fill.args.partialFill === true;
        return {
          ...base,
          status: 'DONE',
          substatus: partial ? 'PARTIAL' : 'COMPLETED',
          ...(partial
            ? { substatusMessage: 'The destination swap could not meet the minimum; the bridged token was delivered.' }
            : {}),
          receiving: leg(dstChainId, await token(dstChainId, fill.args.token ?? params.dstToken), {
            txHash: fill.transactionHash,
            amount: (fill.args.amount ?? 0n).toString(),
            timestamp: Number(fillBlock.timestamp),
          }),
        };
      }
      const waitingConfirmations =
        Date.now() < timestamp * 1000 + confirmationMs(options.catalog, chainId, options.timeFactor);
      return {
        ...base,
        status: 'PENDING',
        substatus:
          voids.length > 0
            ? 'REFUND_IN_PROGRESS'
            : waitingConfirmations
              ? 'WAIT_SOURCE_CONFIRMATIONS'
              : 'WAIT_DESTINATION_TRANSACTION',
        receiving: leg(dstChainId, infoDst),
      };
    },
  };
}
