import { secp256k1 } from '@noble/curves/secp256k1';
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  hashTypedData,
  keccak256,
  numberToHex,
  pad,
  parseAbiParameters,
  toFunctionSelector,
  toHex,
  zeroAddress,
} from 'viem';
import { NEAR_INTENTS_PAYLOAD_TYPES, nearIntentsPayloadDomain } from '../../src/contracts/lifi/nearIntents';
import {
  LIFI_CHAIN_ID_SOLANA,
  LIFI_DIAMOND_ADDRESS,
  LIFI_NON_EVM_ADDRESS as LIFI_NON_EVM_RECEIVER,
} from '../../src/contracts/lifiDiamond';
import { solanaAddressToWord } from '../../src/lib/solanaAddress';
import { celerCircleBridgeFacetDevAbi } from '../devnet/artifacts/CelerCircleBridgeFacetDev';
import { chainflipFacetDevAbi } from '../devnet/artifacts/ChainflipFacetDev';
import { deBridgeDlnFacetDevAbi } from '../devnet/artifacts/DeBridgeDlnFacetDev';
import { gasZipFacetDevAbi } from '../devnet/artifacts/GasZipFacetDev';
import { glacisFacetDevAbi } from '../devnet/artifacts/GlacisFacetDev';
import { mayanFacetDevAbi } from '../devnet/artifacts/MayanFacetDev';
import { nearIntentsFacetDevAbi } from '../devnet/artifacts/NearIntentsFacetDev';
import { polymerCCTPFacetDevAbi } from '../devnet/artifacts/PolymerCCTPFacetDev';
import { relayDepositoryFacetDevAbi } from '../devnet/artifacts/RelayDepositoryFacetDev';
import { stargateFacetV2DevAbi } from '../devnet/artifacts/StargateFacetV2Dev';
import { symbiosisFacetDevAbi } from '../devnet/artifacts/SymbiosisFacetDev';
import { NEAR_INTENTS_SIGNER_KEY } from '../devnet/nearIntentsSigner';
import { evmDepositAddress, issueOneClickQuote, latestDepositAddress } from '../devnet/oneClickQuotes';

/**
 * The calldata of LI.FI's bridge facets other than Across (server/lifi/transaction.ts encodes AcrossFacetV4), as the
 * twin's routes send them to the devnet diamond (contracts/LiFiDev*Facet.sol). The ABIs are the compiled facets',
 * whose selectors and layouts are production's (server/devnet/artifacts.test.ts compares them with
 * src/contracts/lifi/). Each builder fills the facet's own data from the route: the receiver where the facet carries
 * one, and the least received (`minOut`: the route's toAmountMin) where its calldata holds a minimum.
 */

export type BridgeDataArg = {
  transactionId: Hex;
  bridge: string;
  integrator: string;
  referrer: Address;
  sendingAssetId: Address;
  receiver: Address;
  minAmount: bigint;
  destinationChainId: bigint;
  hasSourceSwaps: boolean;
  hasDestinationCall: boolean;
};

export type FacetCallInput = {
  bridgeData: BridgeDataArg;
  from: Address;
  /** EVM address, or the base58 key of a Solana receiver. */
  recipient: string;
  fromChainId: number;
  toChainId: number;
  /** The token delivered: an EVM address, or a Solana mint. */
  toToken: string;
  /** The least the receiver gets, in the delivered token's units. */
  minOut: bigint;
  /** What the receiver is expected to get (the route's toAmount): a 1Click quote's amountOut. */
  expectedOut?: bigint;
  /** What the bridge takes in: BridgeData.minAmount (a source swap's least output). */
  bridged: bigint;
  nonEvm: boolean;
  now: number;
  /** Relay: the id of the order the devnet's Relay API holds for this quote (server/devnet/relayOrders.ts). */
  relayOrderId?: Hex;
};

type Encoded = { start: Hex; swapAndStart: (swapData: readonly unknown[]) => Hex };

const word = (address: string): Hex => pad(address as Hex, { size: 32 });
const key32 = (input: FacetCallInput, address: string): Hex =>
  input.nonEvm ? solanaAddressToWord(address) : word(address);
/** A per-transfer id the bridge's own off-chain side would have issued (Relay's order, NEAR's quote). */
const derivedId = (transactionId: Hex, bridge: string): Hex => keccak256(concat([transactionId, toHex(bridge)]));

/**
 * The twin's 1Click deposit address of a NEAR Intents transfer: the newest quote's issued for its LI.FI
 * transactionId (server/devnet/oneClickQuotes.ts: each quote has its own), or, before any, the one derived from it.
 */
export const nearDepositAddress = (transactionId: Hex): Address =>
  evmDepositAddress(latestDepositAddress(transactionId) ?? `0x${derivedId(transactionId, 'near deposit').slice(26)}`);
const QUOTE_VALIDITY_SEC = 60 * 60;

/** Coins the devnet's bridges carry (contracts/LiFiDevFacetBase.sol: COIN_*), by the catalog's coin key. */
const STARGATE_ASSET_IDS: Record<string, number> = { USDC: 1, USDT: 2, ETH: 13 };
const LAYERZERO_EIDS: Record<number, number> = { 1: 30101, 10: 30111, 8453: 30184, 42161: 30110 };
/** Gas.zip's short chain ids of the devnet's chains (its facet and its periphery read them). */
export const GAS_ZIP_CHAINS: Record<number, number> = { 1: 255, 10: 55, 8453: 54, 42161: 57 };
const WORMHOLE_CHAINS: Record<number, number> = { [LIFI_CHAIN_ID_SOLANA]: 1, 1: 2, 42161: 23, 10: 24, 8453: 30 };
const CHAINFLIP_ASSETS: Record<number, Record<string, number>> = {
  1: { ETH: 1, USDC: 3, USDT: 8 },
  42161: { ETH: 6, USDC: 7 },
  [LIFI_CHAIN_ID_SOLANA]: { USDC: 10 },
};
/** Mayan Swift on EVM chains, the `mayanProtocol` its orders go to. */
const MAYAN_SWIFT = '0xC38e4e6A15593f908255214653d3D947CA1c2338' as const;

function lookup<T>(table: Record<number | string, T>, key: number | string, what: string): T {
  const value = table[key];
  if (value === undefined) throw new Error(`${what}: none for ${key}`);
  return value;
}

/** The encoded call of `tool`'s facet, with and without source swaps. `coinKey` is the bridged coin's. */
export function encodeFacetCall(tool: string, coinKey: string, input: FacetCallInput): Encoded {
  const { bridgeData, from } = input;
  const pair = <A extends readonly unknown[]>(abi: A, start: string, swapAndStart: string, data: unknown): Encoded => ({
    // biome-ignore lint/suspicious/noExplicitAny: one path for ten facet ABIs; each is checked against its facet.
    start: encodeFunctionData({ abi: abi as any, functionName: start, args: [bridgeData, data] }),
    swapAndStart: (swapData) =>
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      encodeFunctionData({ abi: abi as any, functionName: swapAndStart, args: [bridgeData, swapData, data] }),
  });
  switch (tool) {
    case 'relay':
      return pair(
        relayDepositoryFacetDevAbi,
        'startBridgeTokensViaRelayDepository',
        'swapAndStartBridgeTokensViaRelayDepository',
        { orderId: input.relayOrderId ?? derivedId(bridgeData.transactionId, 'relay order'), depositorAddress: from },
      );
    case 'stargateV2':
      return pair(stargateFacetV2DevAbi, 'startBridgeTokensViaStargate', 'swapAndStartBridgeTokensViaStargate', {
        assetId: lookup(STARGATE_ASSET_IDS, coinKey, 'Stargate asset'),
        sendParams: {
          dstEid: lookup(LAYERZERO_EIDS, input.toChainId, 'LayerZero endpoint'),
          to: word(input.recipient),
          amountLD: input.bridged,
          minAmountLD: input.minOut,
          extraOptions: '0x',
          composeMsg: '0x',
          oftCmd: '0x',
        },
        fee: { nativeFee: 0n, lzTokenFee: 0n },
        refundAddress: from,
      });
    case 'mayan':
      return pair(mayanFacetDevAbi, 'startBridgeTokensViaMayan', 'swapAndStartBridgeTokensViaMayan', {
        nonEVMReceiver: input.nonEvm ? solanaAddressToWord(input.recipient) : pad('0x', { size: 32 }),
        mayanProtocol: MAYAN_SWIFT,
        protocolData: mayanSwiftOrder(input),
        swapProtocol: zeroAddress,
        swapData: '0x',
        middleToken: zeroAddress,
        minMiddleAmount: 0n,
        refundRecipient: from,
        mayanAmountIn: input.bridged,
      });
    case 'dln':
      return pair(deBridgeDlnFacetDevAbi, 'startBridgeTokensViaDeBridgeDln', 'swapAndStartBridgeTokensViaDeBridgeDln', {
        // 20 bytes for an EVM chain, 32 for Solana: DLN takes both as bytes.
        receivingAssetId: input.nonEvm ? solanaAddressToWord(input.toToken) : input.toToken,
        receiver: input.nonEvm ? solanaAddressToWord(input.recipient) : input.recipient,
        orderAuthorityDst: input.nonEvm ? solanaAddressToWord(input.recipient) : input.recipient,
        minAmountOut: input.minOut,
      });
    case 'celercircle':
      return pair(
        celerCircleBridgeFacetDevAbi,
        'startBridgeTokensViaCelerCircleBridge',
        'swapAndStartBridgeTokensViaCelerCircleBridge',
        // CCTP v2 keeps at most maxFee of the burn: the quote's fee, so the least minted is the route's minimum.
        { maxFee: input.bridged - input.minOut, minFinalityThreshold: 1000 },
      );
    case 'polymer':
      return pair(polymerCCTPFacetDevAbi, 'startBridgeTokensViaPolymerCCTP', 'swapAndStartBridgeTokensViaPolymerCCTP', {
        polymerTokenFee: 0n,
        maxCCTPFee: input.bridged - input.minOut,
        nonEVMReceiver: pad('0x', { size: 32 }),
        solanaReceiverATA: pad('0x', { size: 32 }),
        minFinalityThreshold: 1000,
        refundRecipient: from,
        hookData: '0x',
      });
    case 'gasZipBridge':
      return pair(gasZipFacetDevAbi, 'startBridgeTokensViaGasZip', 'swapAndStartBridgeTokensViaGasZip', {
        // Gas.zip reads the receiver left-aligned in its 32 bytes.
        receiverAddress: pad(input.recipient as Hex, { size: 32, dir: 'right' }),
        destinationChains: BigInt(lookup(GAS_ZIP_CHAINS, input.toChainId, 'Gas.zip chain')),
      });
    case 'glacis':
      return pair(glacisFacetDevAbi, 'startBridgeTokensViaGlacis', 'swapAndStartBridgeTokensViaGlacis', {
        receiverAddress: word(input.recipient),
        refundAddress: from,
        nativeFee: 0n,
        outputToken: word(input.toToken),
      });
    case 'near':
      return pair(
        nearIntentsFacetDevAbi,
        'startBridgeTokensViaNEARIntents',
        'swapAndStartBridgeTokensViaNEARIntents',
        nearIntentsData(input),
      );
    case 'chainflip':
      return pair(chainflipFacetDevAbi, 'startBridgeTokensViaChainflip', 'swapAndStartBridgeTokensViaChainflip', {
        nonEVMReceiver: input.nonEvm ? solanaAddressToWord(input.recipient) : '0x',
        dstToken: lookup(lookup(CHAINFLIP_ASSETS, input.toChainId, 'Chainflip chain'), coinKey, 'Chainflip asset'),
        dstCallReceiver: zeroAddress,
        dstCallSwapData: [],
        gasAmount: 0n,
        // Chainflip's broker parameters (its minimum price among them) are read off-chain: the bridge's promise.
        cfParameters: '0x',
      });
    case 'symbiosis':
      return pair(symbiosisFacetDevAbi, 'startBridgeTokensViaSymbiosis', 'swapAndStartBridgeTokensViaSymbiosis', {
        refundRecipient: from,
        nonEvmReceiver: pad('0x', { size: 32 }),
        // Symbiosis' own route (its swaps and portal call) is read by its MetaRouter, not by the facet: the devnet's
        // MetaRouter is the BridgeRouter, so the twin sends none, and what arrives is Symbiosis' promise.
        firstSwapCalldata: '0x',
        secondSwapCalldata: '0x',
        firstDexRouter: zeroAddress,
        secondDexRouter: zeroAddress,
        approvedTokens: [bridgeData.sendingAssetId],
        callTo: zeroAddress,
        callData: '0x',
        viaOnchainSwapV3: false,
        dex: zeroAddress,
        dexgateway: zeroAddress,
        onchainSwapData: '0x',
        fee: 0n,
        deadline: BigInt(input.now + QUOTE_VALIDITY_SEC),
        signature: '0x',
      });
    default:
      throw new Error(`no facet for ${tool}`);
  }
}

const MAYAN_ORDER = parseAbiParameters(
  'address tokenIn, uint256 amountIn, (uint8 payloadType, bytes32 trader, bytes32 destAddr, uint16 destChainId, bytes32 referrerAddr, bytes32 tokenOut, uint64 minAmountOut, uint64 gasDrop, uint64 cancelFee, uint64 refundFee, uint64 deadline, uint8 referrerBps, uint8 auctionMode, bytes32 random) params, bytes customPayload',
);
const CREATE_ORDER_WITH_TOKEN = toFunctionSelector(
  'createOrderWithToken(address,uint256,(uint8,bytes32,bytes32,uint16,bytes32,bytes32,uint64,uint64,uint64,uint64,uint64,uint8,uint8,bytes32),bytes)',
);

/** Mayan Swift's `createOrderWithToken`, the call the facet forwards (Mayan keeps amounts in at most 8 decimals). */
function mayanSwiftOrder(input: FacetCallInput): Hex {
  const args = encodeAbiParameters(MAYAN_ORDER, [
    input.bridgeData.sendingAssetId,
    input.bridged,
    {
      payloadType: 1,
      trader: word(input.from),
      destAddr: key32(input, input.recipient),
      destChainId: lookup(WORMHOLE_CHAINS, input.toChainId, 'Wormhole chain'),
      referrerAddr: pad('0x', { size: 32 }),
      tokenOut: key32(input, input.toToken),
      minAmountOut: input.minOut,
      gasDrop: 0n,
      cancelFee: 0n,
      refundFee: 0n,
      deadline: BigInt(input.now + QUOTE_VALIDITY_SEC),
      referrerBps: 0,
      auctionMode: 2,
      random: input.bridgeData.transactionId,
    },
    '0x',
  ]);
  return concat([CREATE_ORDER_WITH_TOKEN, args]);
}

/** NEAR Intents' data, its quote signed as LI.FI's backend signs it (EIP-712, domain of the diamond on the source). */
function nearIntentsData(input: FacetCallInput) {
  const { bridgeData } = input;
  const deadline = input.now + QUOTE_VALIDITY_SEC;
  // 1Click's quote for this step alone: its own one-time deposit address and quote id, so no two transfers share
  // one (the facet consumes each quote id once), and the devnet's 1Click answers its status.
  const quote = issueOneClickQuote({
    transactionId: bridgeData.transactionId,
    fromChainId: input.fromChainId,
    toChainId: input.toChainId,
    sendingToken: bridgeData.sendingAssetId,
    toToken: input.toToken,
    amountIn: bridgeData.minAmount,
    minAmountOut: input.minOut,
    amountOut: input.expectedOut ?? input.minOut,
    recipient: input.recipient,
    refundTo: input.from,
    deadline,
    slippageBps: 50,
  });
  const data = {
    nonEVMReceiver: input.nonEvm ? solanaAddressToWord(input.recipient) : pad('0x', { size: 32 }),
    depositAddress: evmDepositAddress(quote.depositAddress),
    quoteId: quote.quoteId,
    deadline: BigInt(deadline),
    minAmountOut: input.minOut,
    refundRecipient: input.from,
  };
  return { ...data, signature: signNearIntentsPayload(bridgeData, data, input.fromChainId) };
}

type NearIntentsPayloadData = {
  nonEVMReceiver: Hex;
  depositAddress: Address;
  quoteId: Hex;
  deadline: bigint;
  minAmountOut: bigint;
};

/**
 * The NEARIntentsFacet payload's signature as LI.FI's backend makes it (EIP-712, domain of the diamond on
 * `fromChainId`), with the twin's devnet key: what a compromised LI.FI could sign for any call (e2e tests do).
 */
export function signNearIntentsPayload(
  bridgeData: Pick<BridgeDataArg, 'transactionId' | 'minAmount' | 'receiver' | 'destinationChainId' | 'sendingAssetId'>,
  data: NearIntentsPayloadData,
  fromChainId: number,
): Hex {
  const nonEvm = bridgeData.receiver.toLowerCase() === LIFI_NON_EVM_RECEIVER.toLowerCase();
  const digest = hashTypedData({
    domain: nearIntentsPayloadDomain(fromChainId, LIFI_DIAMOND_ADDRESS),
    types: NEAR_INTENTS_PAYLOAD_TYPES,
    primaryType: 'NEARIntentsPayload',
    message: {
      transactionId: bridgeData.transactionId,
      minAmount: bridgeData.minAmount,
      receiver: nonEvm ? data.nonEVMReceiver : word(bridgeData.receiver),
      depositAddress: data.depositAddress,
      destinationChainId: bridgeData.destinationChainId,
      sendingAssetId: bridgeData.sendingAssetId,
      deadline: data.deadline,
      quoteId: data.quoteId,
      minAmountOut: data.minAmountOut,
    },
  });
  // Signed synchronously (the step is built synchronously); noble's signatures have the low s the facet requires.
  const signature = secp256k1.sign(digest.slice(2), NEAR_INTENTS_SIGNER_KEY.slice(2));
  return concat([
    numberToHex(signature.r, { size: 32 }),
    numberToHex(signature.s, { size: 32 }),
    numberToHex(signature.recovery + 27, { size: 1 }),
  ]);
}
