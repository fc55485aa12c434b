import { type Abi, decodeEventLog, getAddress, type Hex } from 'viem';
import { acrossDeliveredToken } from '../../contracts/acrossSpokePool';
import { LIFI_NON_EVM_ADDRESS } from '../../contracts/lifiDiamond';
import { sameAddress } from '../../lib/addresses';
import { wordToSolanaAddress } from '../../lib/solanaAddress';
import { NATIVE_TOKEN_ADDRESS } from '../../schemas/primitives';
import {
  ACROSS_SPOKE_POOLS,
  acrossEventsAbi,
  erc20EventsAbi,
  lifiSimulationEventsAbi,
  NATIVE_TRANSFER_EMITTER,
  routerEventsAbi,
} from './eventAbis';
import type { SimulatedCall, SimulatedLog } from './simulateCalls';

/**
 * What a simulated block did, read from its logs only (never from the service's words): every asset that moved
 * (ERC-20 Transfer, and the native coin through traceTransfers), every approval, the swaps, and the bridge deposits
 * the routers and bridges announce. The checker (checkEffects.ts) compares these with the person's choice.
 */

/**
 * An asset moving between two addresses; `token` is the zero address for the native coin. Addresses lower-case.
 * `log` is the move's place among its call's logs (what came before a LI.FI facet's last swap and what after).
 */
export type AssetMove = {
  call: number;
  log?: number;
  token: `0x${string}`;
  from: `0x${string}`;
  to: `0x${string}`;
  amount: bigint;
};

export type ApprovalEffect = {
  call: number;
  token: `0x${string}`;
  owner: `0x${string}`;
  spender: `0x${string}`;
  amount: bigint;
};

/** A swap a router or the diamond announced: what went in, what came out and (router swaps) to whom. */
export type SwapEffect = {
  call: number;
  /** The swap's place among its call's logs. */
  log?: number;
  emitter: `0x${string}`;
  tokenIn: `0x${string}`;
  tokenOut: `0x${string}`;
  amountIn: bigint;
  amountOut: bigint;
  recipient?: `0x${string}`;
};

/**
 * A bridge deposit as its emitter states it. `kind` says whose words these are: LI.FI's `LiFiTransferStarted`
 * (names the destination chain, the receiver and the token bridged, not the token delivered), the devnet router's
 * `BridgeStarted` or Across's `FundsDeposited` (the bridge's own deposit: what crosses, what is paid out, to whom).
 */
export type DepositEffect = {
  call: number;
  kind: 'lifi' | 'router' | 'across';
  emitter: `0x${string}`;
  destinationChainId: number;
  /** An EVM address, or the base58 key of a Solana receiver. */
  receiver: string;
  /** Source-side token that crosses, and how much of it (after any source swap). */
  bridgedToken: `0x${string}`;
  bridgedAmount: bigint;
  /** What the receiver is paid, and at least how much, when the event says so (not LI.FI's BridgeData). */
  deliveredToken?: string;
  minDelivered?: bigint;
  /**
   * LI.FI's non-EVM placeholder stood where the receiver goes; `receiver` is then the one the next event names, or,
   * when no event names one (`unnamed`), the placeholder itself, which no check takes for the chosen receiver.
   */
  placeholder?: true;
  unnamed?: true;
};

export type SimulatedEffects = {
  moves: AssetMove[];
  approvals: ApprovalEffect[];
  swaps: SwapEffect[];
  deposits: DepositEffect[];
};

const lower = (a: string) => a.toLowerCase() as `0x${string}`;
const SOLANA_CHAIN = 1151111081099710;

type DecodedLog = { eventName: string; args: Record<string, unknown> };

function tryDecode(abi: Abi | readonly unknown[], log: SimulatedLog): DecodedLog | undefined {
  try {
    const decoded = decodeEventLog({
      abi: abi as Abi,
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    });
    return decoded.eventName
      ? { eventName: decoded.eventName, args: decoded.args as unknown as Record<string, unknown> }
      : undefined;
  } catch {
    return undefined;
  }
}

const wordToAddress = (word: Hex): `0x${string}` | undefined =>
  /^0x0{24}[0-9a-fA-F]{40}$/.test(word) ? lower(getAddress(`0x${word.slice(26)}`)) : undefined;

/** Reads the logs of calls `from`…`to` (inclusive; all by default) of a simulated block. */
export function readEffects(calls: readonly SimulatedCall[], range?: { from: number; to: number }): SimulatedEffects {
  const effects: SimulatedEffects = { moves: [], approvals: [], swaps: [], deposits: [] };
  const first = range?.from ?? 0;
  const last = range?.to ?? calls.length - 1;
  for (let call = first; call <= last; call++) {
    const logs = calls[call]?.logs ?? [];
    // A deposit to a non-EVM chain names its receiver in a second event right after the deposit event.
    const nonEvmReceivers: { after: number; receiver: Hex; token?: Hex }[] = [];
    const pending: { index: number; deposit: DepositEffect; receiverWord?: boolean }[] = [];
    logs.forEach((log, index) => {
      const erc20 = tryDecode(erc20EventsAbi, log);
      if (erc20?.eventName === 'Transfer') {
        const { from, to, value } = erc20.args as { from: Hex; to: Hex; value: bigint };
        const token = log.address === NATIVE_TRANSFER_EMITTER ? NATIVE_TOKEN_ADDRESS : log.address;
        effects.moves.push({ call, log: index, token: lower(token), from: lower(from), to: lower(to), amount: value });
        return;
      }
      if (erc20?.eventName === 'Approval') {
        const { owner, spender, value } = erc20.args as { owner: Hex; spender: Hex; value: bigint };
        effects.approvals.push({
          call,
          token: log.address,
          owner: lower(owner),
          spender: lower(spender),
          amount: value,
        });
        return;
      }
      const router = tryDecode(routerEventsAbi, log);
      if (router?.eventName === 'Swapped') {
        const a = router.args as { recipient: Hex; tokenIn: Hex; tokenOut: Hex; amountIn: bigint; amountOut: bigint };
        effects.swaps.push({
          call,
          log: index,
          emitter: log.address,
          tokenIn: lower(a.tokenIn),
          tokenOut: lower(a.tokenOut),
          amountIn: a.amountIn,
          amountOut: a.amountOut,
          recipient: lower(a.recipient),
        });
        return;
      }
      if (router?.eventName === 'BridgeStarted') {
        const a = router.args as {
          params: { dstChainId: bigint; recipient: Hex; bridgeToken: Hex; dstToken: Hex; minDstAmount: bigint };
          bridgedAmount: bigint;
        };
        const nonEvm = sameAddress(a.params.recipient, LIFI_NON_EVM_ADDRESS);
        pending.push({
          index,
          receiverWord: nonEvm,
          deposit: {
            call,
            kind: 'router',
            emitter: log.address,
            destinationChainId: Number(a.params.dstChainId),
            receiver: lower(a.params.recipient),
            bridgedToken: lower(a.params.bridgeToken),
            bridgedAmount: a.bridgedAmount,
            deliveredToken: lower(a.params.dstToken),
            minDelivered: a.params.minDstAmount,
          },
        });
        return;
      }
      if (router?.eventName === 'BridgeToNonEvm') {
        const a = router.args as { receiver: Hex; receivingToken: Hex };
        nonEvmReceivers.push({ after: index, receiver: a.receiver, token: a.receivingToken });
        return;
      }
      const lifi = tryDecode(lifiSimulationEventsAbi, log);
      if (lifi?.eventName === 'LiFiTransferStarted') {
        const b = (lifi.args as { bridgeData: Record<string, unknown> }).bridgeData as {
          receiver: Hex;
          sendingAssetId: Hex;
          minAmount: bigint;
          destinationChainId: bigint;
        };
        pending.push({
          index,
          receiverWord: sameAddress(b.receiver, LIFI_NON_EVM_ADDRESS),
          deposit: {
            call,
            kind: 'lifi',
            emitter: log.address,
            destinationChainId: Number(b.destinationChainId),
            receiver: lower(b.receiver),
            bridgedToken: lower(b.sendingAssetId),
            bridgedAmount: b.minAmount,
          },
        });
        return;
      }
      if (lifi?.eventName === 'BridgeToNonEVMChainBytes32') {
        nonEvmReceivers.push({ after: index, receiver: (lifi.args as { receiver: Hex }).receiver });
        return;
      }
      if (lifi?.eventName === 'AssetSwapped') {
        const a = lifi.args as { dex: Hex; fromAssetId: Hex; toAssetId: Hex; fromAmount: bigint; toAmount: bigint };
        effects.swaps.push({
          call,
          log: index,
          emitter: log.address,
          tokenIn: lower(a.fromAssetId),
          tokenOut: lower(a.toAssetId),
          amountIn: a.fromAmount,
          amountOut: a.toAmount,
        });
        return;
      }
      const across = tryDecode(acrossEventsAbi, log);
      if (across?.eventName === 'FundsDeposited') {
        const a = across.args as {
          inputToken: Hex;
          outputToken: Hex;
          inputAmount: bigint;
          outputAmount: bigint;
          destinationChainId: bigint;
          recipient: Hex;
          message: Hex;
        };
        const chainId = Number(a.destinationChainId);
        const solana = chainId === SOLANA_CHAIN;
        const output = solana ? wordToSolanaAddress(a.outputToken) : wordToAddress(a.outputToken);
        const receiver = solana ? wordToSolanaAddress(a.recipient) : wordToAddress(a.recipient);
        const input = wordToAddress(a.inputToken);
        if (!output || !receiver || !input) return;
        effects.deposits.push({
          call,
          kind: 'across',
          emitter: log.address,
          destinationChainId: chainId,
          receiver,
          bridgedToken: input,
          bridgedAmount: a.inputAmount,
          // Across unwraps its pool's wrapped native token for the receiver when there is no message.
          deliveredToken:
            !solana && a.message === '0x' ? lower(acrossDeliveredToken(chainId, output as `0x${string}`)) : output,
          minDelivered: a.outputAmount,
        });
      }
    });
    for (const { index, deposit, receiverWord } of pending) {
      if (receiverWord) {
        // The first non-EVM receiver event after this deposit in the same call names the real receiver.
        const named = nonEvmReceivers.find((r) => r.after > index) ?? nonEvmReceivers.find((r) => r.after < index);
        if (!named) {
          // A placeholder with no receiver is no deposit to anyone; LI.FI's record of it is kept, marked, for the
          // facets whose receiver only their own data names (checkEffects.ts, checked from the decoded call).
          if (deposit.kind === 'lifi') effects.deposits.push({ ...deposit, placeholder: true, unnamed: true });
          continue;
        }
        deposit.placeholder = true;
        deposit.receiver = wordToSolanaAddress(named.receiver);
        if (deposit.kind === 'router' && named.token) deposit.deliveredToken = wordToSolanaAddress(named.token);
      }
      effects.deposits.push(deposit);
    }
  }
  return effects;
}

/** Whether an address is Across's SpokePool on `chainId`. */
export const isAcrossSpokePool = (chainId: number, address: string) =>
  sameAddress(ACROSS_SPOKE_POOLS[chainId], address);

export type BalanceChange = {
  /** The zero address for the native coin. */
  token: `0x${string}`;
  /** Positive when the account gains; gas is not included (traceTransfers logs value, not fees). */
  amount: bigint;
};

/** The account's net change per asset over the effects, in the order the assets first moved; zeros left out. */
export function balanceChanges(effects: SimulatedEffects, account: string): BalanceChange[] {
  const net = new Map<`0x${string}`, bigint>();
  for (const move of effects.moves) {
    const out = sameAddress(move.from, account);
    const into = sameAddress(move.to, account);
    if (out === into) continue;
    net.set(move.token, (net.get(move.token) ?? 0n) + (into ? move.amount : -move.amount));
  }
  return [...net].filter(([, amount]) => amount !== 0n).map(([token, amount]) => ({ token, amount }));
}
