import { type Address, createWalletClient, encodeFunctionData, type Hex, http, type WalletClient } from 'viem';
import type { OneClickQuoteResponse } from '../../src/checks/promises/nearIntentsSignature';
import { LIFI_DIAMOND_ADDRESS, LIFI_NON_EVM_ADDRESS } from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS } from '../../src/contracts/router';
import { wordToSolanaAddress } from '../../src/lib/solanaAddress';
import type { Catalog } from '../catalog/catalog';
import { SOLANA_CHAIN_ID } from '../catalog/chainData';
import type { BridgePromiseBook } from '../routing/bridgePromises';
import { relayerAccount } from './accounts';
import { bridgeRouterAbi } from './artifacts/BridgeRouter';
import { nearIntentsFacetDevAbi } from './artifacts/NearIntentsFacetDev';
import { relayDepositoryFacetDevAbi } from './artifacts/RelayDepositoryFacetDev';
import type { BridgeParams } from './bridgeParams';
import type { ChainWatcher } from './chainWatcher';
import { nearQuotedParams } from './nearIntentsPayout';
import { oneClickQuoteAt, setOneClickProgress } from './oneClickQuotes';
import { destinationPayout } from './payout';
import { amountIn } from './poolMath';
import { relayOrderedParams } from './relayPayout';
import type { SolanaDevnet } from './solana';
import { findSolanaDeposit, solanaDepositId, solanaFill } from './solanaDeposits';
import type { SolanaTransactionRecord } from './solanaTransactions';
import { bridgeDelayMs, confirmationMs, toolKey } from './timing';
import type { TokenInfoSource } from './tokenInfo';

const NON_EVM_ADDRESS = LIFI_NON_EVM_ADDRESS.toLowerCase();
/** The BridgeRouter tool key of the devnet's Relay facet (contracts/LiFiDevRelayDepositoryFacet.sol). */
const RELAY_TOOL = 'relay';
/** The BridgeRouter tool key of the devnet's NEAR Intents facet (contracts/LiFiDevNEARIntentsFacet.sol). */
const NEAR_TOOL = 'near';

export type Deposit = {
  depositId: Hex;
  srcChainId: number;
  params: BridgeParams;
  bridgedAmount: bigint;
  blockNumber: bigint;
  /** For a non-EVM destination (BridgeToNonEvm): the receiver and token there, base58. */
  nonEvm?: { receiver: string; mint: string };
  /** Why the deposit is refunded without a fill (a Relay deposit whose order does not take it). */
  refund?: string;
};

export type RelayerOptions = {
  watchers: ReadonlyMap<number, ChainWatcher>;
  catalog: Catalog;
  tokens: TokenInfoSource;
  timeFactor: number;
  /** The devnet's Solana, where deposits for Solana are paid. */
  solana?: SolanaDevnet;
  /** What the service quoted per transfer (its bridges' off-chain promises). */
  promises?: BridgePromiseBook;
  /** The 1Click quote behind a deposit address; the devnet's own 1Click (oneClickQuotes.ts) unless told. */
  oneClickQuotes?: (depositAddress: string) => OneClickQuoteResponse | undefined;
  log?: (msg: string) => void;
};

const DEPOSIT_PENDING = 1;
const FILL_NONE = 0;
const FILL_VOIDED = 3;

/**
 * The devnet's bridge operator. It watches BridgeStarted on every chain, waits one source block plus the bridge's
 * duration (scaled by timeFactor), then on the destination either fills (paying the quoted dstAmount, swapped from
 * bridge liquidity, but never more than the deposit actually bridged: server/devnet/payout.ts; the contract falls back to a partial fill in the bridge token when the swap would fall short
 * of minDstAmount) or, when the destination lacks bridge liquidity, voids the deposit there and refunds it on
 * the source. A filled deposit is then settled on the source (it joins the source's bridge liquidity). Two bridges
 * pay by their own off-chain record, whatever the deposit's parameters say: Relay by the order its id names
 * (relayPayout.ts), NEAR Intents by the signed 1Click quote behind its deposit address (nearIntentsPayout.ts).
 *
 * No local state: every step is decided from the chains (deposit state on the source, fill state on the
 * destination) and is idempotent, so a restarted relayer rescans the logs from block 0 and finishes whatever was
 * in flight. Transactions are serialised per chain to keep the relayer account's nonces in order.
 */
export class Relayer {
  private readonly wallets = new Map<number, WalletClient>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private readonly known = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly scannedTo = new Map<number, bigint>();
  private readonly unsubscribe: (() => void)[] = [];
  private stopped = false;
  private readonly log: (msg: string) => void;

  constructor(private readonly options: RelayerOptions) {
    this.log = options.log ?? (() => {});
    for (const [chainId, watcher] of options.watchers) {
      this.wallets.set(
        chainId,
        createWalletClient({ account: relayerAccount().address, transport: http(watcher.rpcUrl, { retryCount: 1 }) }),
      );
    }
  }

  /** Recovers deposits left open on the chains, then follows new blocks (and deposits on Solana as they land). */
  async start(): Promise<void> {
    const { solana } = this.options;
    if (solana) this.unsubscribe.push(solana.onSubmitted((record) => this.solanaSubmitted(record)));
    for (const [chainId, watcher] of this.options.watchers) {
      await this.scan(chainId, watcher, await watcher.client.getBlockNumber({ cacheTime: 0 }));
      this.unsubscribe.push(watcher.onBlock((blockNumber) => this.scan(chainId, watcher, blockNumber)));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.unsubscribe) off();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  /** Deposits seen but not yet resolved by this relayer (for tests and diagnostics). */
  get pendingCount(): number {
    return this.timers.size + this.running.size;
  }

  private async scan(chainId: number, watcher: ChainWatcher, toBlock: bigint): Promise<void> {
    const fromBlock = (this.scannedTo.get(chainId) ?? -1n) + 1n;
    if (toBlock < fromBlock) return;
    // Deposits with a minimum on chain, and those whose bridge pays its off-chain quote (BridgeStartedOnQuote).
    const query = { address: ROUTER_ADDRESS, abi: bridgeRouterAbi, fromBlock, toBlock } as const;
    const [started, onQuote] = await Promise.all([
      watcher.client.getContractEvents({ ...query, eventName: 'BridgeStarted' }),
      watcher.client.getContractEvents({ ...query, eventName: 'BridgeStartedOnQuote' }),
    ]);
    const logs = [...started, ...onQuote];
    const nonEvm = await this.nonEvmReceivers(watcher, logs, fromBlock, toBlock);
    const relayOrderIds = await this.relayOrderIds(watcher, logs, fromBlock, toBlock);
    const nearDepositAddresses = await this.nearDepositAddresses(watcher, logs, fromBlock, toBlock);
    this.scannedTo.set(chainId, toBlock);
    const timestamps = new Map<bigint, number>();
    for (const log of logs) {
      const { depositId, params, bridgedAmount } = log.args;
      if (!depositId || !params || bridgedAmount === undefined || this.known.has(depositId)) continue;
      this.known.add(depositId);
      let timestamp = timestamps.get(log.blockNumber);
      if (timestamp === undefined) {
        timestamp = Number((await watcher.client.getBlock({ blockNumber: log.blockNumber })).timestamp) * 1000;
        timestamps.set(log.blockNumber, timestamp);
      }
      const tool = toolKey(params.tool);
      const nonEvmReceiver = nonEvm.get(depositId);
      // An order or a quote binds a deposit made through LI.FI's facet, which names it in its own event; the spec's
      // router (startBridge called directly) names none, and pays as the spec's bridges do, capped at what was bridged.
      const nearKey = `${log.transactionHash}:${params.routeId}`;
      const ordered =
        tool === RELAY_TOOL && relayOrderIds.has(depositId)
          ? this.relayOrdered(chainId, params, bridgedAmount, relayOrderIds.get(depositId))
          : tool === NEAR_TOOL && nearDepositAddresses.has(nearKey)
            ? nearQuotedParams({
                params,
                srcChainId: chainId,
                bridgedAmount,
                quote: this.oneClickQuote(nearDepositAddresses.get(nearKey)),
                chainIds: [...this.options.watchers.keys()],
                nonEvm: nonEvmReceiver,
              })
            : undefined;
      if (ordered && !ordered.ok) this.log(`relayer: ${tool} deposit ${depositId} ${ordered.reason}: refunding`);
      // Only a NEAR Intents quote names a receiver off the EVM chains (Relay's orders pay EVM accounts here).
      const quotedNonEvm =
        tool === NEAR_TOOL && ordered?.ok ? (ordered as { nonEvm?: Deposit['nonEvm'] }).nonEvm : undefined;
      const receiver = quotedNonEvm ?? nonEvmReceiver;
      const deposit: Deposit = {
        depositId,
        srcChainId: chainId,
        params: ordered?.ok ? ordered.params : this.promised(params),
        bridgedAmount,
        blockNumber: log.blockNumber,
        ...(receiver ? { nonEvm: receiver } : {}),
        ...(ordered && !ordered.ok ? { refund: ordered.reason } : {}),
      };
      const { catalog, timeFactor } = this.options;
      const dueAt =
        timestamp +
        confirmationMs(catalog, chainId, timeFactor) +
        bridgeDelayMs(catalog, toolKey(params.tool), chainId, timeFactor);
      this.schedule(deposit, Math.max(0, dueAt - Date.now()));
    }
  }

  /**
   * The deposit as the bridge pays it: what its calldata guarantees (`dstAmount`, zero where it names no minimum),
   * raised to what the service quoted for the same transactionId and tool, as a solver pays its own quote. Without
   * such a quote (another service, or one restarted since) a deposit with no minimum is voided and refunded, as a
   * bridge refunds an order it never quoted. payout.ts still caps the payment at what was bridged.
   */
  private promised(params: BridgeParams): BridgeParams {
    const promise = this.options.promises?.get(params.routeId);
    if (!promise || promise.tool !== toolKey(params.tool) || promise.toAmount <= params.dstAmount) return params;
    return { ...params, dstAmount: promise.toAmount };
  }

  /** A Relay deposit as Relay pays it: by the order its id names (server/devnet/relayPayout.ts). */
  private relayOrdered(srcChainId: number, params: BridgeParams, bridgedAmount: bigint, orderId: Hex | undefined) {
    const order = orderId ? this.options.promises?.relayOrders?.get(orderId)?.order : undefined;
    return relayOrderedParams({
      params,
      srcChainId,
      bridgedAmount,
      order,
      chainIds: [...this.options.watchers.keys()],
    });
  }

  /** The order ids of the Relay deposits in `logs` (RelayOrderDeposit, emitted by the diamond's Relay facet). */
  private async relayOrderIds(
    watcher: ChainWatcher,
    logs: readonly { args: { params?: BridgeParams } }[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<Map<string, Hex>> {
    const ids = new Map<string, Hex>();
    if (!logs.some((log) => log.args.params && toolKey(log.args.params.tool) === RELAY_TOOL)) return ids;
    const events = await watcher.client.getContractEvents({
      address: LIFI_DIAMOND_ADDRESS,
      abi: relayDepositoryFacetDevAbi,
      eventName: 'RelayOrderDeposit',
      fromBlock,
      toBlock,
    });
    for (const event of events) {
      const { depositId, orderId } = event.args;
      if (depositId && orderId) ids.set(depositId, orderId);
    }
    return ids;
  }

  /** The signed 1Click quote behind a NEAR Intents deposit address (the devnet's 1Click, server/devnet/oneClickQuotes.ts). */
  private oneClickQuote(depositAddress: Address | undefined) {
    return depositAddress ? (this.options.oneClickQuotes ?? oneClickQuoteAt)(depositAddress) : undefined;
  }

  /**
   * The 1Click deposit addresses of the NEAR Intents deposits in `logs`, by transaction hash and LI.FI transactionId
   * (NEARIntentsBridgeStarted, emitted by the diamond's facet in the same transaction as the router's deposit).
   */
  private async nearDepositAddresses(
    watcher: ChainWatcher,
    logs: readonly { args: { params?: BridgeParams } }[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<Map<string, Address>> {
    const addresses = new Map<string, Address>();
    if (!logs.some((log) => log.args.params && toolKey(log.args.params.tool) === NEAR_TOOL)) return addresses;
    const events = await watcher.client.getContractEvents({
      address: LIFI_DIAMOND_ADDRESS,
      abi: nearIntentsFacetDevAbi,
      eventName: 'NEARIntentsBridgeStarted',
      fromBlock,
      toBlock,
    });
    for (const event of events) {
      const { transactionId, depositAddress } = event.args;
      if (transactionId && depositAddress) addresses.set(`${event.transactionHash}:${transactionId}`, depositAddress);
    }
    return addresses;
  }

  /** The non-EVM receivers of the deposits in `logs` (BridgeToNonEvm, emitted with BridgeStarted). */
  private async nonEvmReceivers(
    watcher: ChainWatcher,
    logs: readonly { args: { params?: BridgeParams } }[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<Map<string, { receiver: string; mint: string }>> {
    const receivers = new Map<string, { receiver: string; mint: string }>();
    if (!logs.some((log) => log.args.params?.recipient.toLowerCase() === NON_EVM_ADDRESS)) return receivers;
    const events = await watcher.client.getContractEvents({
      address: ROUTER_ADDRESS,
      abi: bridgeRouterAbi,
      eventName: 'BridgeToNonEvm',
      fromBlock,
      toBlock,
    });
    for (const event of events) {
      const { depositId, receiver, receivingToken } = event.args;
      if (!depositId || !receiver || !receivingToken) continue;
      receivers.set(depositId, { receiver: wordToSolanaAddress(receiver), mint: wordToSolanaAddress(receivingToken) });
    }
    return receivers;
  }

  private schedule(deposit: Deposit, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(deposit.depositId);
      const run = this.resolve(deposit)
        .catch((error: Error) => {
          // Transient failure (RPC hiccup, nonce race): try again a little later rather than refund.
          this.log(`relayer: deposit ${deposit.depositId} failed, retrying: ${error.message}`);
          this.schedule(deposit, 1_000);
        })
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }, delayMs);
    this.timers.set(deposit.depositId, timer);
  }

  private async resolve(deposit: Deposit): Promise<void> {
    const { depositId, srcChainId, params } = deposit;
    const source = this.options.watchers.get(srcChainId)!;
    const [, state] = await source.client.readContract({
      address: ROUTER_ADDRESS,
      abi: bridgeRouterAbi,
      functionName: 'deposits',
      args: [depositId],
    });
    if (state !== DEPOSIT_PENDING) return;
    if (deposit.refund !== undefined) {
      await this.send(srcChainId, 'refund', [depositId]);
      return;
    }

    const dstChainId = Number(params.dstChainId);
    if (dstChainId === SOLANA_CHAIN_ID && this.options.solana) {
      await this.resolveOnSolana(deposit, this.options.solana);
      return;
    }
    const destination = this.options.watchers.get(dstChainId);
    let fillState = FILL_VOIDED;
    if (destination) {
      fillState = await destination.client.readContract({
        address: ROUTER_ADDRESS,
        abi: bridgeRouterAbi,
        functionName: 'fillState',
        args: [depositId],
      });
      if (fillState === FILL_NONE) fillState = await this.fillOrVoid(deposit, destination);
    } else {
      this.log(`relayer: deposit ${depositId} targets chain ${dstChainId}, which the devnet does not run: refunding`);
    }

    if (fillState === FILL_VOIDED) {
      await this.send(srcChainId, 'refund', [depositId]);
      this.log(`relayer: refunded ${depositId} on chain ${srcChainId}`);
    } else {
      await this.send(srcChainId, 'settle', [depositId]);
    }
  }

  /**
   * A deposit for Solana: paid from the relayer's SPL inventory into the receiver's associated token account, at
   * most what the deposit bridged in the same coin (payout.ts), then settled on the source; refunded on the source
   * when it names no Solana receiver, a token the devnet does not run, another coin, or more than the inventory.
   * The delivery is recorded by deposit id, so a retried or restarted resolve never pays twice.
   */
  private async resolveOnSolana(deposit: Deposit, solana: SolanaDevnet): Promise<void> {
    const { depositId, srcChainId, params, bridgedAmount, nonEvm } = deposit;
    let paid = solana.delivery(depositId) !== undefined;
    if (!paid && nonEvm) {
      const listed = this.options.catalog.findToken(srcChainId, params.bridgeToken);
      const target = solana.tokenOf(nonEvm.mint);
      const amount = destinationPayout({
        source: listed && { coinKey: listed.coinKey, decimals: listed.decimals },
        destination: target && { coinKey: target.coinKey, decimals: target.decimals },
        bridgedAmount,
        dstAmount: params.dstAmount,
        swapNeeded: false,
        swapInput: undefined,
      });
      if (amount > 0n && (await solana.inventory(nonEvm.mint)) >= amount) {
        const delivery = await solana.deliver(depositId, nonEvm.receiver, nonEvm.mint, amount);
        this.log(`relayer: delivered ${depositId} on Solana to ${nonEvm.receiver} (${delivery.signature})`);
        paid = true;
      } else {
        this.log(`relayer: deposit ${depositId} cannot be paid on Solana (${amount} of ${nonEvm.mint}): refunding`);
      }
    }
    await this.send(srcChainId, paid ? 'settle' : 'refund', [depositId]);
  }

  private async fillOrVoid(deposit: Deposit, destination: ChainWatcher): Promise<number> {
    const { depositId, srcChainId, params } = deposit;
    const amount = await this.destinationBridgeAmount(deposit, destination);
    const available = await destination.client.readContract({
      address: ROUTER_ADDRESS,
      abi: bridgeRouterAbi,
      functionName: 'bridgeLiquidity',
      args: [params.dstBridgeToken],
    });
    if (amount > 0n && available >= amount) {
      try {
        await this.send(destination.chainId, 'fill', [depositId, BigInt(srcChainId), params, amount]);
        this.log(`relayer: filled ${depositId} on chain ${destination.chainId}`);
        return await destination.client.readContract({
          address: ROUTER_ADDRESS,
          abi: bridgeRouterAbi,
          functionName: 'fillState',
          args: [depositId],
        });
      } catch (error) {
        this.log(`relayer: fill of ${depositId} reverted (${(error as Error).message.split('\n')[0]}): voiding`);
      }
    } else {
      this.log(`relayer: chain ${destination.chainId} has ${available} of ${params.dstBridgeToken}, needs ${amount}`);
    }
    await this.send(destination.chainId, 'voidDeposit', [depositId, BigInt(srcChainId)]);
    return FILL_VOIDED;
  }

  /**
   * How much destination bridge token to pay (server/devnet/payout.ts): the swap input for the deposit's dstAmount,
   * or dstAmount itself when no swap is needed, but never more than the deposit's bridged amount in the same coin,
   * and nothing (void, then refund) when the two bridge tokens are not the same catalog coin. The deposit's
   * parameters are whatever its sender wrote; only bridgedAmount is what the contract actually took in.
   */
  private async destinationBridgeAmount(deposit: Deposit, destination: ChainWatcher): Promise<bigint> {
    const { params, srcChainId, bridgedAmount } = deposit;
    const listed = (chainId: number, address: string) => {
      const token = this.options.catalog.findToken(chainId, address);
      return token && { coinKey: token.coinKey, decimals: token.decimals };
    };
    const source = listed(srcChainId, params.bridgeToken);
    const target = listed(destination.chainId, params.dstBridgeToken);
    const swapNeeded = params.dstToken.toLowerCase() !== params.dstBridgeToken.toLowerCase();
    let swapInput: bigint | undefined;
    if (swapNeeded && source && target) {
      const [reserveIn, reserveOut] = await destination.client.readContract({
        address: ROUTER_ADDRESS,
        abi: bridgeRouterAbi,
        functionName: 'getReserves',
        args: [params.dstBridgeToken, params.dstToken],
      });
      const pool = destination.pools.find(
        (p) =>
          (p.token0 === params.dstBridgeToken.toLowerCase() && p.token1 === params.dstToken.toLowerCase()) ||
          (p.token1 === params.dstBridgeToken.toLowerCase() && p.token0 === params.dstToken.toLowerCase()),
      );
      swapInput = amountIn(params.dstAmount, reserveIn, reserveOut, pool?.feeBps ?? 30);
    }
    const amount = destinationPayout({
      source,
      destination: target,
      bridgedAmount,
      dstAmount: params.dstAmount,
      swapNeeded,
      swapInput,
    });
    if (amount === 0n && (!source || !target || source.coinKey !== target.coinKey)) {
      this.log(
        `relayer: deposit ${deposit.depositId} bridges ${params.bridgeToken} into ${params.dstBridgeToken}: not the same coin`,
      );
    }
    return amount;
  }

  /**
   * A transaction a person sent on Solana: when it paid one of 1Click's deposit addresses, 1Click knows the deposit
   * at once; after Solana's confirmation and the bridge's time it pays on the EVM chain what its quote names
   * (solanaDeposits.ts), through the router's `fill` under the signature's deposit id, once: a fill already made
   * there is not made again. A deposit short of its quote is not paid (INCOMPLETE_DEPOSIT).
   */
  private solanaSubmitted(record: SolanaTransactionRecord): void {
    const deposit = findSolanaDeposit(record, this.options.oneClickQuotes);
    if (!deposit || deposit.failed) return;
    const { catalog, timeFactor } = this.options;
    const fill = solanaFill(deposit, catalog, this.options.watchers.keys());
    if (!fill.ok) {
      setOneClickProgress(deposit.depositAddress, 'INCOMPLETE_DEPOSIT', { originTx: deposit.signature });
      this.log(`relayer: Solana deposit ${deposit.signature} is not paid: ${fill.reason}`);
      return;
    }
    setOneClickProgress(deposit.depositAddress, 'KNOWN_DEPOSIT_TX', {
      originTx: deposit.signature,
      amountIn: deposit.amount,
    });
    const depositId = solanaDepositId(deposit.signature);
    const delay =
      confirmationMs(catalog, SOLANA_CHAIN_ID, timeFactor) +
      bridgeDelayMs(catalog, NEAR_TOOL, SOLANA_CHAIN_ID, timeFactor);
    const pay = async () => {
      const destination = this.options.watchers.get(fill.chainId)!;
      setOneClickProgress(deposit.depositAddress, 'PROCESSING');
      const state = await destination.client.readContract({
        address: ROUTER_ADDRESS,
        abi: bridgeRouterAbi,
        functionName: 'fillState',
        args: [depositId],
      });
      if (state === FILL_NONE) {
        await this.send(fill.chainId, 'fill', [depositId, BigInt(SOLANA_CHAIN_ID), fill.params, fill.amount]);
        this.log(`relayer: paid Solana deposit ${deposit.signature} on chain ${fill.chainId}`);
      }
      const [filled] = await destination.client.getContractEvents({
        address: ROUTER_ADDRESS,
        abi: bridgeRouterAbi,
        eventName: 'BridgeFilled',
        args: { depositId },
        fromBlock: 0n,
      });
      setOneClickProgress(deposit.depositAddress, 'SUCCESS', {
        amountOut: filled?.args.amount ?? fill.amount,
        ...(filled ? { destinationTx: filled.transactionHash } : {}),
      });
    };
    const attempt = (wait: number) => {
      if (this.stopped) return;
      const timer = setTimeout(() => {
        this.timers.delete(depositId);
        const run = pay()
          .catch((error: Error) => {
            this.log(`relayer: Solana deposit ${deposit.signature} failed, retrying: ${error.message}`);
            attempt(1_000);
          })
          .finally(() => this.running.delete(run));
        this.running.add(run);
      }, wait);
      this.timers.set(depositId, timer);
    };
    attempt(delay);
  }

  /** Sends one relayer transaction; queued per chain so nonces never race. Throws when it reverts. */
  private send(chainId: number, functionName: 'fill' | 'voidDeposit' | 'settle' | 'refund', args: readonly unknown[]) {
    const wallet = this.wallets.get(chainId)!;
    const watcher = this.options.watchers.get(chainId)!;
    const previous = this.queues.get(chainId) ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(async () => {
        const data = encodeFunctionData({
          abi: bridgeRouterAbi,
          functionName,
          args,
          // biome-ignore lint/suspicious/noExplicitAny: the four relayer functions share this path; callers check args.
        } as any);
        const hash = await wallet.sendTransaction({
          account: relayerAccount().address,
          to: ROUTER_ADDRESS,
          data,
          chain: null,
        });
        const receipt = await watcher.client.waitForTransactionReceipt({ hash, pollingInterval: 25 });
        if (receipt.status !== 'success') throw new Error(`${functionName} ${hash} reverted`);
        return hash;
      });
    this.queues.set(chainId, next);
    return next;
  }
}
