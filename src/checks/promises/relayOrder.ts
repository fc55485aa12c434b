import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex, getAddress, type Hex, hashStruct, hexToBytes, isAddress, isHex, keccak256 } from 'viem';
import { isSolanaAddress, solanaAddressToWord } from '../../lib/solanaAddress';

/**
 * Relay's settlement order, as relayprotocol/relay-settlement's SDK writes it (packages/sdk/src/order/index.ts,
 * `Order`): chain ids are Relay's own (strings such as "base"), addresses are as each chain writes them (0x… on EVM
 * chains, base58 on Solana), amounts decimal strings. The `orderId` a deposit carries is this order's EIP-712
 * `hashStruct` with no domain, after each address is turned into its bytes (relayOrderId below).
 */
export type RelayOrder = {
  version: 'v1';
  solverChainId: string;
  solver: string;
  salt: string;
  inputs: readonly {
    payment: { chainId: string; currency: string; amount: string; weight: string };
    refunds: readonly {
      chainId: string;
      recipient: string;
      currency: string;
      minimumAmount: string;
      deadline: number;
      extraData: string;
    }[];
  }[];
  output: {
    chainId: string;
    payments: readonly { recipient: string; currency: string; minimumAmount: string; expectedAmount: string }[];
    calls: readonly string[];
    deadline: number;
    extraData: string;
  };
  fees: readonly {
    recipientChainId: string;
    recipient: string;
    currencyChainId: string;
    currency: string;
    amount: string;
  }[];
};

/** The EIP-712 types of an order, field for field as relay-settlement's ORDER_EIP712_TYPES names them. */
export const RELAY_ORDER_TYPES = {
  Order: [
    { name: 'version', type: 'string' },
    { name: 'solverChainId', type: 'string' },
    { name: 'solver', type: 'address' },
    { name: 'salt', type: 'uint256' },
    { name: 'inputs', type: 'Input[]' },
    { name: 'output', type: 'Output' },
    { name: 'fees', type: 'Fee[]' },
  ],
  Input: [
    { name: 'payment', type: 'InputPayment' },
    { name: 'refunds', type: 'InputRefund[]' },
  ],
  InputPayment: [
    { name: 'chainId', type: 'string' },
    { name: 'currency', type: 'bytes' },
    { name: 'amount', type: 'uint256' },
    { name: 'weight', type: 'uint256' },
  ],
  InputRefund: [
    { name: 'chainId', type: 'string' },
    { name: 'recipient', type: 'bytes' },
    { name: 'currency', type: 'bytes' },
    { name: 'minimumAmount', type: 'uint256' },
    { name: 'deadline', type: 'uint32' },
    { name: 'extraData', type: 'bytes' },
  ],
  Output: [
    { name: 'chainId', type: 'string' },
    { name: 'payments', type: 'OutputPayment[]' },
    { name: 'deadline', type: 'uint32' },
    { name: 'calls', type: 'bytes[]' },
    { name: 'extraData', type: 'bytes' },
  ],
  OutputPayment: [
    { name: 'recipient', type: 'bytes' },
    { name: 'currency', type: 'bytes' },
    { name: 'minimumAmount', type: 'uint256' },
    { name: 'expectedAmount', type: 'uint256' },
  ],
  Fee: [
    { name: 'recipientChainId', type: 'string' },
    { name: 'recipient', type: 'bytes' },
    { name: 'currencyChainId', type: 'string' },
    { name: 'currency', type: 'bytes' },
    { name: 'amount', type: 'uint256' },
  ],
} as const;

export class RelayOrderEncodingError extends Error {
  override name = 'RelayOrderEncodingError';
}

/**
 * An address as the order's hash takes it: its bytes. Relay's SDK picks the encoding by the chain's VM; the chains
 * this extension sends to are EVM chains and Solana, whose address forms cannot be mistaken for each other, so the
 * text itself says which. Any other form is refused rather than guessed (a Bitcoin or Tron address, say).
 */
export function relayAddressBytes(address: string): Hex {
  if (isAddress(address, { strict: false })) return address.toLowerCase() as Hex;
  if (isSolanaAddress(address)) return solanaAddressToWord(address);
  throw new RelayOrderEncodingError(`not an EVM or Solana address: ${address}`);
}

function hexBytes(value: string): Hex {
  if (!isHex(value) || value.length % 2 !== 0) throw new RelayOrderEncodingError(`not hex bytes: ${value}`);
  return value.toLowerCase() as Hex;
}

/** The order with every address and byte string in the form its EIP-712 types take. */
function encodedOrder(order: RelayOrder) {
  return {
    version: order.version,
    solverChainId: order.solverChainId,
    solver: order.solver as Hex,
    salt: BigInt(order.salt),
    inputs: order.inputs.map(({ payment, refunds }) => ({
      payment: {
        chainId: payment.chainId,
        currency: relayAddressBytes(payment.currency),
        amount: BigInt(payment.amount),
        weight: BigInt(payment.weight),
      },
      refunds: refunds.map((refund) => ({
        chainId: refund.chainId,
        recipient: relayAddressBytes(refund.recipient),
        currency: relayAddressBytes(refund.currency),
        minimumAmount: BigInt(refund.minimumAmount),
        deadline: refund.deadline,
        extraData: hexBytes(refund.extraData),
      })),
    })),
    output: {
      chainId: order.output.chainId,
      payments: order.output.payments.map((payment) => ({
        recipient: relayAddressBytes(payment.recipient),
        currency: relayAddressBytes(payment.currency),
        minimumAmount: BigInt(payment.minimumAmount),
        expectedAmount: BigInt(payment.expectedAmount),
      })),
      deadline: order.output.deadline,
      calls: order.output.calls.map(hexBytes),
      extraData: hexBytes(order.output.extraData),
    },
    fees: order.fees.map((fee) => ({
      recipientChainId: fee.recipientChainId,
      recipient: relayAddressBytes(fee.recipient),
      currencyChainId: fee.currencyChainId,
      currency: relayAddressBytes(fee.currency),
      amount: BigInt(fee.amount),
    })),
  };
}

/** The order's id as Relay computes it (relay-settlement's `getOrderId`): EIP-712 hashStruct, no domain. */
export function relayOrderId(order: RelayOrder): Hex {
  return hashStruct({ types: RELAY_ORDER_TYPES, primaryType: 'Order', data: encodedOrder(order) });
}

/**
 * Who signed the order id: the solver's `orderSignature` is an ECDSA signature (r, s, v) over the 32-byte id itself.
 * Undefined when the signature is malformed. Recovered with noble's curve imported here, not viem's
 * `recoverAddress`, which imports the curve dynamically: a service worker may not `import()`.
 */
export function relayOrderSigner(orderId: Hex, signature: Hex): `0x${string}` | undefined {
  try {
    const bytes = hexToBytes(signature);
    if (bytes.length !== 65) return undefined;
    const v = bytes[64]!;
    const recovery = v >= 27 ? v - 27 : v;
    if (recovery > 1) return undefined;
    const point = secp256k1.Signature.fromCompact(bytes.slice(0, 64))
      .addRecoveryBit(recovery)
      .recoverPublicKey(hexToBytes(orderId).slice());
    const publicKey = point.toRawBytes(false);
    return getAddress(`0x${keccak256(bytesToHex(publicKey.slice(1))).slice(26)}`);
  } catch {
    return undefined;
  }
}
