import { isNativeToken, toChainIdNumber } from '../schemas/primitives';
import type { Route } from '../schemas/route';
import { stepsOf } from './routeSteps';

/**
 * Before the first signature of a route whose later step is signed on another chain (bridge, then swap on the
 * destination), is there gas there for it? The person's native balance and the chain's gas price are read through
 * that chain's trusted RPC; how much gas the step takes is the service's own estimate (its `gasCosts`), the one
 * figure nothing on chain can give before the step exists. A person with too little there would see step 1 go
 * through and step 2 wait, funds parked on a chain where they cannot sign: the review says so before anything is
 * signed, and offers gas on arrival where the service offers it.
 */

/** An ERC-20 approval of the step's spender (about 46k gas for a first allowance; 65k leaves room for proxies). */
export const APPROVAL_GAS = 65_000n;
/** A step the service gave no gas figure for: a swap through the diamond rarely takes more. */
export const UNKNOWN_STEP_GAS = 500_000n;

export type DestinationSignature = {
  /** The chain the later steps are signed on. */
  chainId: number;
  /** 1-based number of the first step signed there (2 for a bridge, then a swap). */
  step: number;
  /** Gas units the steps signed there take, approvals included. */
  gasUnits: bigint;
};

/**
 * The first chain after the source where the route asks the person to sign, with the gas its steps there take.
 * Undefined for a route signed on one chain only (one step, or every step on the source chain).
 */
export function destinationSignature(route: Route): DestinationSignature | undefined {
  const steps = stepsOf(route);
  const source = steps[0]?.action ? toChainIdNumber(steps[0].action.fromChainId) : undefined;
  const index = steps.findIndex((step) => step.action && toChainIdNumber(step.action.fromChainId) !== source);
  if (source === undefined || index <= 0) return undefined;
  const chainId = toChainIdNumber(steps[index]!.action!.fromChainId);
  let gasUnits = 0n;
  for (const step of steps.slice(index)) {
    if (!step.action || toChainIdNumber(step.action.fromChainId) !== chainId) continue;
    gasUnits += stepGasUnits(step);
    if (!isNativeToken(step.action.fromToken.address)) gasUnits += APPROVAL_GAS;
  }
  return { chainId, step: index + 1, gasUnits };
}

/** A service's quantity, decimal or hex (`0x` alone is zero). */
const quantity = (value: string): bigint => (value === '0x' ? 0n : BigInt(value));

/** The step's own gas: the limits of its gas costs (else their estimates, else amount ÷ price), else a bound. */
function stepGasUnits(step: Route): bigint {
  let units = 0n;
  for (const cost of step.estimate.gasCosts ?? []) {
    const limit = cost.limit ?? cost.estimate;
    if (limit !== undefined) units += quantity(limit);
    else if (cost.price !== undefined && quantity(cost.price) > 0n) units += BigInt(cost.amount) / quantity(cost.price);
  }
  return units > 0n ? units : UNKNOWN_STEP_GAS;
}

export type GasFunds = { balance: bigint; gasPrice: bigint };

export type StepGasCheck = { chainId: number; needed: bigint; balance: bigint; enough: boolean };

/**
 * Right before a later step is signed: can the account pay its gas on the step's chain? Read through that chain's
 * trusted RPC (gas on arrival counts only once it is there), against the service's expected gas of the step itself
 * (its estimate rather than its limit, and no approval, which may already be given): a refusal here must mean the
 * wallet could not have sent it. Undefined when the chain could not be read: the wallet is then asked as before.
 */
export async function checkStepGas(
  step: Route,
  account: `0x${string}`,
  deps: DestinationGasDeps,
): Promise<StepGasCheck | undefined> {
  if (!step.action) return undefined;
  const chainId = toChainIdNumber(step.action.fromChainId);
  const funds = await deps.readGasFunds(chainId, account).catch(() => undefined);
  if (!funds) return undefined;
  const expected = (step.estimate.gasCosts ?? []).reduce((units, cost) => {
    const figure = cost.estimate ?? cost.limit;
    return units + (figure === undefined ? 0n : quantity(figure));
  }, 0n);
  const needed = (expected > 0n ? expected : stepGasUnits(step)) * funds.gasPrice;
  return { chainId, needed, balance: funds.balance, enough: funds.balance >= needed };
}

export type DestinationGasCheck = DestinationSignature & {
  /** Native coin (wei) the steps there cost at the chain's current gas price. */
  needed: bigint;
} & (
    | { read: true; balance: bigint; enough: boolean }
    /** The trusted RPC could not be read (or serves another chain, or there is none): nothing is known. */
    | { read: false }
  );

export type DestinationGasDeps = {
  /** Balance and gas price through the chain's trusted RPC; undefined when there is none or it cannot be read. */
  readGasFunds(chainId: number, owner: `0x${string}`): Promise<GasFunds | undefined>;
};

/** The check for `account` (who signs the later steps): undefined when the route needs no signature elsewhere. */
export async function checkDestinationGas(
  route: Route,
  account: `0x${string}`,
  deps: DestinationGasDeps,
): Promise<DestinationGasCheck | undefined> {
  const signature = destinationSignature(route);
  if (!signature) return undefined;
  const funds = await deps.readGasFunds(signature.chainId, account).catch(() => undefined);
  if (!funds)
    return { ...signature, needed: signature.gasUnits * fallbackPrice(route, signature.chainId), read: false };
  const needed = signature.gasUnits * funds.gasPrice;
  return { ...signature, needed, read: true, balance: funds.balance, enough: funds.balance >= needed };
}

/** Without the chain's gas price, the price the service quoted the step at (the need is then an estimate's). */
function fallbackPrice(route: Route, chainId: number): bigint {
  for (const step of stepsOf(route)) {
    if (!step.action || toChainIdNumber(step.action.fromChainId) !== chainId) continue;
    const price = step.estimate.gasCosts?.find((cost) => cost.price !== undefined)?.price;
    if (price !== undefined) return quantity(price);
  }
  return 0n;
}

/** The offer covers twice what the later steps need today: gas prices move while the bridge runs. */
export const GAS_OFFER_MARGIN = 2n;
/** Never more than this share of the amount sent (1/4): gas must not eat the transfer. */
const GAS_OFFER_MAX_SHARE = 4n;
const PRICE_DECIMALS = 18;

export type GasOnArrivalOffer = {
  /** The part of the amount sent to turn into gas (`fromAmountForGas`), in the sent token's units. */
  fromAmountForGas: bigint;
  /** About how much native coin that buys on the destination (wei), at the prices the route quoted. */
  gas: bigint;
};

/** A decimal USD price as an integer scaled by 10^18; undefined when absent or not above zero. */
function scaledPrice(price: string | undefined): bigint | undefined {
  if (!price || !/^\d+(\.\d+)?$/.test(price)) return undefined;
  const [whole = '0', fraction = ''] = price.split('.');
  const scaled = BigInt(whole + fraction.slice(0, PRICE_DECIMALS).padEnd(PRICE_DECIMALS, '0'));
  return scaled > 0n ? scaled : undefined;
}

/** Rounded up to two significant digits, so the person reads a round figure (1234 → 1300). */
export function roundUpTwoDigits(value: bigint): bigint {
  if (value < 100n) return value;
  const unit = 10n ** BigInt(value.toString().length - 2);
  return ((value + unit - 1n) / unit) * unit;
}

/**
 * Gas on arrival to offer when the destination lacks gas for a later signature: enough for the steps there with a
 * margin (GAS_OFFER_MARGIN × `needed`), priced from the route's own USD prices of the token sent and of the
 * destination's native coin, the token part rounded up to two significant digits. Undefined without both prices, with
 * nothing needed, or when it would take more than a quarter of the amount sent.
 */
export function gasOnArrivalOffer(input: {
  needed: bigint;
  fromAmount: bigint;
  token: { decimals: number; priceUSD?: string | undefined };
  native: { decimals: number; priceUSD?: string | undefined };
}): GasOnArrivalOffer | undefined {
  const tokenPrice = scaledPrice(input.token.priceUSD);
  const nativePrice = scaledPrice(input.native.priceUSD);
  if (input.needed <= 0n || !tokenPrice || !nativePrice) return undefined;
  const want = input.needed * GAS_OFFER_MARGIN;
  const tokenUnit = 10n ** BigInt(input.token.decimals);
  const nativeUnit = 10n ** BigInt(input.native.decimals);
  const exact = (want * nativePrice * tokenUnit + nativeUnit * tokenPrice - 1n) / (nativeUnit * tokenPrice);
  const fromAmountForGas = roundUpTwoDigits(exact);
  if (fromAmountForGas * GAS_OFFER_MAX_SHARE > input.fromAmount) return undefined;
  return { fromAmountForGas, gas: (fromAmountForGas * tokenPrice * nativeUnit) / (tokenUnit * nativePrice) };
}
