import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1';
import { concat, type Hex, keccak256, numberToHex, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { relayChainId } from '../../src/checks/promises/relayChains';
import { type RelayOrder, relayOrderId } from '../../src/checks/promises/relayOrder';

/**
 * The devnet's Relay solver key: it signs every order the twin quotes for Relay, as Relay's solver signs its
 * `orderSignature`. Its address is pinned in development builds (src/checks/promises/relayConfig.ts,
 * RELAY_DEVNET_SOLVER). Derived from a public phrase, like every devnet key: never use it anywhere but the devnet.
 */
export const RELAY_DEVNET_SOLVER_KEY = keccak256(toHex('bridge-companion devnet: Relay solver'));
const solver = privateKeyToAccount(RELAY_DEVNET_SOLVER_KEY);

/** An order as Relay's API serves it: the order, its id, and the solver's signature over the id. */
export type SignedRelayOrder = { orderId: Hex; order: RelayOrder; orderSignature: Hex; createdAt: number };

/** What one Relay quote asks: the deposit, who is refunded, and what is paid where. EVM chains only here. */
export type RelayOrderRequest = {
  fromChainId: number;
  /** The deposited token (zero address: the native coin) and amount. */
  currency: string;
  amount: bigint;
  /** The depositor: where the order refunds. */
  depositor: string;
  toChainId: number;
  recipient: string;
  toCurrency: string;
  minimumAmount: bigint;
  expectedAmount: bigint;
  /** Seconds since the epoch. */
  now: number;
};

/** How long a devnet order may be filled or refunded (production's are minutes to hours). */
const ORDER_VALIDITY_SEC = 60 * 60;
/** Quotes are built by the thousand in a busy test run at most: the oldest orders go first past this. */
const MAX_ORDERS = 100_000;

export function relayChainOf(chainId: number): string {
  const id = relayChainId(chainId);
  if (!id) throw new Error(`Relay has no chain id for chain ${chainId} here`);
  return id;
}

/** The order Relay would quote for `request`, with a fresh random salt: every quote its own order id. */
export function buildRelayOrder(request: RelayOrderRequest): RelayOrder {
  const deadline = request.now + ORDER_VALIDITY_SEC;
  const source = relayChainOf(request.fromChainId);
  return {
    version: 'v1',
    solverChainId: source,
    solver: solver.address.toLowerCase(),
    salt: BigInt(toHex(randomBytes(32))).toString(),
    inputs: [
      {
        payment: { chainId: source, currency: request.currency, amount: String(request.amount), weight: '1' },
        refunds: [
          {
            chainId: source,
            recipient: request.depositor,
            currency: request.currency,
            minimumAmount: '0',
            deadline,
            extraData: '0x',
          },
        ],
      },
    ],
    output: {
      chainId: relayChainOf(request.toChainId),
      payments: [
        {
          recipient: request.recipient,
          currency: request.toCurrency,
          minimumAmount: String(request.minimumAmount),
          expectedAmount: String(request.expectedAmount),
        },
      ],
      calls: [],
      deadline,
      extraData: '0x',
    },
    fees: [],
  };
}

/** `orderId` signed by `key` (r, s, v), synchronously: the twin builds a step's calldata in one pass. */
export function signOrderId(orderId: Hex, key: Hex = RELAY_DEVNET_SOLVER_KEY): Hex {
  const signature = secp256k1.sign(orderId.slice(2), key.slice(2));
  return concat([
    numberToHex(signature.r, { size: 32 }),
    numberToHex(signature.s, { size: 32 }),
    numberToHex(signature.recovery + 27, { size: 1 }),
  ]);
}

/** The order signed by the devnet solver, as Relay's API serves it. */
export function signRelayOrder(order: RelayOrder, now = Date.now()): SignedRelayOrder {
  const orderId = relayOrderId(order);
  return { orderId, order, orderSignature: signOrderId(orderId), createdAt: now };
}

/**
 * The orders the twin quoted for Relay, by order id: Relay's API (server/devnet/relayApi.ts) answers from here, and
 * the relayer pays whom and what the order a deposit names says (server/devnet/relayer.ts).
 */
export interface RelayOrderBook {
  issue(request: RelayOrderRequest): SignedRelayOrder;
  /** Keeps an order someone else made (a test's own), as Relay keeps every order it quoted. */
  add(order: SignedRelayOrder): void;
  get(orderId: Hex): SignedRelayOrder | undefined;
}

export function createRelayOrderBook(): RelayOrderBook {
  const orders = new Map<string, SignedRelayOrder>();
  const add = (signed: SignedRelayOrder) => {
    orders.set(signed.orderId.toLowerCase(), signed);
    if (orders.size > MAX_ORDERS) orders.delete(orders.keys().next().value as string);
  };
  return {
    issue(request) {
      const signed = signRelayOrder(buildRelayOrder(request));
      add(signed);
      return signed;
    },
    add,
    get: (orderId) => orders.get(orderId.toLowerCase()),
  };
}
