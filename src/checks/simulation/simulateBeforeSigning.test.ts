import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalog } from '../../../server/catalog/catalog';
import { type AnvilNode, startAnvil } from '../../../server/devnet/anvil';
import { seedPlan } from '../../../server/devnet/seedPlan';
import { setupChain } from '../../../server/devnet/setup';
import { encodeApprove } from '../../contracts/erc20';
import { LIFI_DIAMOND_ADDRESS } from '../../contracts/lifiDiamond';
import { ROUTER_ADDRESS } from '../../contracts/router';
import { TransactionGuardError } from '../errors';
import {
  createSimulator,
  type SimulateBeforeSigningInput,
  simulateBeforeSigning,
  simulatedBalanceChanges,
} from './simulateBeforeSigning';

/**
 * The simulation step's words for what a node refuses before running anything, against a node scripted to answer as
 * geth does (anvil charges no fee when none is given, so it never refuses a native transfer for the fee); and the
 * review's balance changes against a real anvil.
 */

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const NATIVE = '0x0000000000000000000000000000000000000000' as const;
const ETH = 10n ** 18n;

type Script = {
  chainId: string;
  simulateError: { code: number; message: string };
  balance: bigint;
  /** The whole answer instead, as a gateway refusing the request at the door gives it. */
  door?: { status: number; body: unknown };
};
let script: Script;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const batch = JSON.parse(raw) as { id: number; method: string }[];
      res.setHeader('content-type', 'application/json');
      if (script.door) {
        res.statusCode = script.door.status;
        res.end(JSON.stringify(script.door.body));
        return;
      }
      res.end(
        JSON.stringify(
          batch.map((call) =>
            call.method === 'eth_chainId'
              ? { jsonrpc: '2.0', id: call.id, result: script.chainId }
              : call.method === 'eth_simulateV1'
                ? { jsonrpc: '2.0', id: call.id, error: script.simulateError }
                : { jsonrpc: '2.0', id: call.id, result: `0x${script.balance.toString(16)}` },
          ),
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One native-coin bridge call of `amount` through the devnet router, as the signing flow would simulate it. */
const nativeTransfer = (amount: bigint): SimulateBeforeSigningInput => ({
  swapsInside: false,
  transactions: [{ kind: 'step', to: ROUTER_ADDRESS, data: '0x12345678', value: amount }],
  expected: {
    chainId: 1,
    account: ACCOUNT,
    fromToken: NATIVE,
    fromAmount: amount,
    toChainId: 42161,
    recipient: ACCOUNT,
    toToken: NATIVE,
    toAmountMin: 1n,
    routers: [ROUTER_ADDRESS],
    fromLabel: { symbol: 'ETH', decimals: 18 },
  },
});

const refusal = (input: SimulateBeforeSigningInput) =>
  simulateBeforeSigning(createSimulator({ rpcUrl: () => url }), input).then(
    () => undefined,
    (e: unknown) => e as TransactionGuardError,
  );

describe('simulateBeforeSigning, where the node refuses the block', () => {
  const geth = {
    code: -32000,
    message: 'err: insufficient funds for gas * price + value: address 0xf39F… have 2 want 3',
  };

  it('says the fee is short when the balance covers the amount but not the fee on top', async () => {
    script = { chainId: '0x1', simulateError: geth, balance: 2n * ETH };
    const error = await refusal(nativeTransfer(2n * ETH - 1000n));
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect(error?.code).toBe('SIM_INSUFFICIENT_BALANCE');
    expect(error?.shortMessage).toBe(
      'You hold 2 ETH, not enough to send 1.9999 plus the network fee. Nothing was sent.',
    );
  });

  it('says the amount is beyond the balance when it is', async () => {
    script = { chainId: '0x1', simulateError: geth, balance: 2n * ETH };
    const error = await refusal(nativeTransfer(3n * ETH));
    expect(error?.shortMessage).toBe('You hold 2 ETH; this would send 3. Nothing was sent.');
  });

  it('passes on any other refusal in the node’s words, keeping them out of the balance sentence', async () => {
    script = { chainId: '0x1', simulateError: { code: -38010, message: 'nonce too low' }, balance: 2n * ETH };
    const error = await refusal(nativeTransfer(ETH));
    expect(error?.code).toBe('SIM_REVERTED');
    expect(error?.shortMessage).toContain('nonce too low');
  });

  it('refuses when the trusted RPC serves another chain', async () => {
    script = { chainId: '0xa', simulateError: geth, balance: 2n * ETH };
    const error = await refusal(nativeTransfer(ETH));
    expect(error?.code).toBe('SIM_UNAVAILABLE');
    expect(error?.shortMessage).toContain('serves chain 10, not chain 1');
  });
});

describe('simulatedBalanceChanges (for the review) against anvil', () => {
  let node: AnvilNode;
  beforeAll(async () => {
    node = await startAnvil({ chainId: 1 });
    await setupChain(node.rpcUrl, seedPlan(getCatalog(), 1));
  });
  afterAll(() => node?.stop());

  it('answers the account’s change per asset for transactions not yet signed, and whether one reverts', async () => {
    const simulator = createSimulator({ rpcUrl: () => node.rpcUrl });
    const transfer =
      `0xa9059cbb${'00'.repeat(12)}${'de'.repeat(20)}${7_000_000n.toString(16).padStart(64, '0')}` as const;
    const answer = await simulatedBalanceChanges(simulator, {
      chainId: 1,
      account: ACCOUNT,
      transactions: [
        { to: USDC, data: encodeApprove(LIFI_DIAMOND_ADDRESS, 1n), value: 0n },
        { to: USDC, data: transfer, value: 0n },
        { to: '0x000000000000000000000000000000000000dEaD', data: '0x', value: 5n },
      ],
    });
    expect(answer).toEqual({
      reverted: false,
      changes: [
        { token: USDC.toLowerCase(), amount: -7_000_000n },
        { token: NATIVE, amount: -5n },
      ],
    });
  });
});

describe('simulateBeforeSigning, where the trusted RPC has no eth_simulateV1', () => {
  const methodNotFound = { code: -32601, message: 'the method eth_simulateV1 does not exist/is not available' };
  const said = (port: string) =>
    `The trusted RPC for chain 1 (127.0.0.1:${port}) cannot simulate transactions (no eth_simulateV1).`;
  const port = () => new URL(url).port;
  /** The native bridge call again, now with a swap inside (the devnet router's swap leg, LI.FI's source swaps). */
  const withSwap = (input: SimulateBeforeSigningInput): SimulateBeforeSigningInput => ({ ...input, swapsInside: true });

  it('lets a plain bridge call go ahead reported as not simulated, naming the chain', async () => {
    script = { chainId: '0x1', simulateError: methodNotFound, balance: 2n * ETH };
    const report = await simulateBeforeSigning(createSimulator({ rpcUrl: () => url }), nativeTransfer(ETH));
    expect(report).toEqual({ simulated: false, reason: said(port()) });
  });

  it('refuses a call with swaps inside, in words that say why and where', async () => {
    script = { chainId: '0x1', simulateError: methodNotFound, balance: 2n * ETH };
    const error = await refusal(withSwap(nativeTransfer(ETH)));
    expect(error).toBeInstanceOf(TransactionGuardError);
    expect(error?.code).toBe('SIM_UNAVAILABLE');
    expect(error?.shortMessage).toBe(
      `Blocked for your safety: this transaction swaps inside, and where a swap pays can only be seen by simulating it: ${said(port())}`,
    );
  });

  it.each([
    [
      'a gateway’s words for a method it does not serve',
      { code: -32600, message: 'Unsupported method: eth_simulateV1' },
    ],
    ['a method the operator switched off', { code: -32000, message: 'rpc method is not whitelisted' }],
  ])('reads %s as no eth_simulateV1, not as the chain refusing the transaction', async (_, simulateError) => {
    script = { chainId: '0x1', simulateError, balance: 2n * ETH };
    expect(await refusal(withSwap(nativeTransfer(ETH)))).toMatchObject({ code: 'SIM_UNAVAILABLE' });
    const report = await simulateBeforeSigning(createSimulator({ rpcUrl: () => url }), nativeTransfer(ETH));
    expect(report).toEqual({ simulated: false, reason: said(port()) });
  });

  it('reads "method not found" refused at the HTTP level, or for the whole batch, the same way', async () => {
    const body = { jsonrpc: '2.0', id: null, error: methodNotFound };
    for (const door of [
      { status: 400, body },
      { status: 200, body },
    ]) {
      script = { chainId: '0x1', simulateError: methodNotFound, balance: 2n * ETH, door };
      const report = await simulateBeforeSigning(createSimulator({ rpcUrl: () => url }), nativeTransfer(ETH));
      expect(report, String(door.status)).toEqual({ simulated: false, reason: said(port()) });
    }
  });

  it('refuses even a plain bridge call on any other HTTP failure: that is no answer that it cannot simulate', async () => {
    script = {
      chainId: '0x1',
      simulateError: methodNotFound,
      balance: 2n * ETH,
      door: { status: 502, body: { message: 'bad gateway' } },
    };
    const error = await refusal(nativeTransfer(ETH));
    expect(error?.code).toBe('SIM_UNAVAILABLE');
    expect(error?.shortMessage).toBe(
      `Blocked for your safety: the transaction could not be simulated before signing: The RPC at 127.0.0.1:${port()} answered HTTP 502.`,
    );
  });
});
