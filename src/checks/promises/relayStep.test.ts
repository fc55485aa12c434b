import { encodeFunctionData, type Hex, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayApiServer, startRelayApi } from '../../../server/devnet/relayApi';
import {
  buildRelayOrder,
  createRelayOrderBook,
  type RelayOrderRequest,
  signOrderId,
} from '../../../server/devnet/relayOrders';
import { relayDepositoryFacetAbi } from '../../contracts/lifi/relayDepository';
import { LIFI_DIAMOND_ADDRESS } from '../../contracts/lifiDiamond';
import type { TransferChoice } from '../../model/choice';
import { RELAY_DEVNET_SOLVER, type RelayConfig } from './relayConfig';
import { relayOrderId } from './relayOrder';
import { proveRelayStep } from './relayStep';

/**
 * The Relay proof end to end over real HTTP: a RelayDepositoryFacet transaction to LI.FI's diamond, its order asked
 * of the devnet's Relay API (server/devnet/relayApi.ts), proven and compared with the choice.
 */
const PERSON = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const ATTACKER = '0x000000000000000000000000000000000000dEaD' as const;
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' as const;
const AMOUNT = 30_000_000n;
const FLOOR = 29_700_000n;

const CHOICE: TransferChoice = {
  fromChainId: 1,
  toChainId: 42161,
  fromToken: USDC_ETHEREUM,
  toToken: USDC_ARBITRUM,
  fromAmount: AMOUNT,
  fromAddress: PERSON,
  toAddress: PERSON,
  slippage: 0.005,
};

const REQUEST: RelayOrderRequest = {
  fromChainId: 1,
  currency: USDC_ETHEREUM,
  amount: AMOUNT,
  depositor: PERSON,
  toChainId: 42161,
  recipient: PERSON,
  toCurrency: USDC_ARBITRUM,
  minimumAmount: FLOOR,
  expectedAmount: 29_900_000n,
  now: 1_790_000_000,
};

/** The facet call every decoded field of which agrees with CHOICE, depositing against `orderId`. */
function relayTx(orderId: Hex) {
  const data = encodeFunctionData({
    abi: relayDepositoryFacetAbi,
    functionName: 'startBridgeTokensViaRelayDepository',
    args: [
      {
        transactionId: `0x${'11'.repeat(32)}`,
        bridge: 'relay',
        integrator: 'bridge-companion',
        referrer: zeroAddress,
        sendingAssetId: USDC_ETHEREUM,
        receiver: PERSON,
        minAmount: AMOUNT,
        destinationChainId: 42161n,
        hasSourceSwaps: false,
        hasDestinationCall: false,
      },
      { orderId, depositorAddress: PERSON },
    ],
  });
  return { chainId: 1, from: PERSON, to: LIFI_DIAMOND_ADDRESS, data, value: '0' };
}

const book = createRelayOrderBook();
let api: RelayApiServer;
let config: RelayConfig;
beforeAll(async () => {
  api = await startRelayApi(book);
  config = { apiUrl: api.url, solver: RELAY_DEVNET_SOLVER };
});
afterAll(() => api.close());

const prove = (orderId: Hex, overrides: Partial<RelayConfig> = {}) =>
  proveRelayStep({ tx: relayTx(orderId), choice: CHOICE, minimum: FLOOR, config: { ...config, ...overrides } });

describe('proveRelayStep', () => {
  it("proves an honest order: Relay's API knows it, it hashes to the id, the pinned solver signed it", async () => {
    const { orderId } = book.issue(REQUEST);
    expect(await prove(orderId)).toEqual({
      ok: true,
      proven: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
      unproven: [],
    });
  });

  it("refuses a calldata whose every decoded field is honest but whose order id is another order's, paying someone else", async () => {
    const theirs = book.issue({ ...REQUEST, amount: 1_000_000n, recipient: ATTACKER, depositor: ATTACKER });
    const proof = await prove(theirs.orderId);
    expect(proof?.ok).toBe(false);
    expect(proof && !proof.ok ? proof.reason : '').toMatch(/expects 1000000 units/);
    // The same order for the person's own amount, paying the attacker: refused for the receiver.
    const payee = book.issue({ ...REQUEST, recipient: ATTACKER });
    expect(await prove(payee.orderId)).toMatchObject({ ok: false, reason: expect.stringMatching(/pays 0x0+dEaD/) });
  });

  it('refuses an answer that is not the order the calldata names (its hash differs)', async () => {
    const honest = book.issue(REQUEST);
    // Relay's API (or someone in between) answers the honest id with another order.
    const forged = buildRelayOrder({ ...REQUEST, recipient: ATTACKER });
    book.add({ ...honest, order: forged });
    const proof = await prove(honest.orderId);
    expect(proof).toEqual({
      ok: false,
      reason: expect.stringMatching(
        new RegExp(`hashes to ${relayOrderId(forged)}, not to the order id ${honest.orderId}`),
      ),
    });
  });

  it("refuses another solver's order, and one signed by a key not the solver's", async () => {
    const { orderId } = book.issue(REQUEST);
    const otherSolver = '0x1111111111111111111111111111111111111111' as const;
    expect(await prove(orderId, { solver: otherSolver })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/names solver 0x93795cb2593f94478557446a951f67a199d5dd94, not Relay's solver/),
    });
    const signed = book.issue(REQUEST);
    book.add({ ...signed, orderSignature: signOrderId(signed.orderId, `0x${'42'.repeat(32)}`) });
    expect(await prove(signed.orderId)).toMatchObject({ ok: false, reason: expect.stringMatching(/not the solver's/) });
  });

  it("proves nothing, without refusing, when Relay's API is unreachable or knows no such order", async () => {
    const { orderId } = book.issue(REQUEST);
    const unproven = {
      ok: true,
      proven: [],
      unproven: ['receiver', 'destinationChain', 'receivingToken', 'minAmountOut'],
    };
    const closed = await startRelayApi(book);
    await closed.close();
    expect(await prove(orderId, { apiUrl: closed.url })).toEqual(unproven);
    expect(await prove(`0x${'ab'.repeat(32)}`)).toEqual(unproven);
  });

  it('is not asked of a transaction that is not a Relay deposit', async () => {
    const tx = { ...relayTx(`0x${'ab'.repeat(32)}`), data: '0x12345678' };
    expect(await proveRelayStep({ tx, choice: CHOICE, minimum: FLOOR, config })).toBeUndefined();
  });
});
