import { type Address, encodeFunctionData, type Hex, pad } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnvilNode, startAnvil } from '../../../server/devnet/anvil';
import { dlnSourceDevDeployedBytecode } from '../../../server/devnet/artifacts/DlnSourceDev';
import { trustedClient } from '../../chains/trustedClient';
import { DLN_SOURCE_ADDRESS } from '../../contracts/dlnSource';
import { deBridgeDlnFacetAbi } from '../../contracts/lifi/deBridgeDln';
import { proveDebridgeFee } from './debridgeFee';

/** deBridge's fixed fee read from DlnSource on a real chain (anvil running the devnet's DlnSource at its address). */

const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const ETH: Address = '0x0000000000000000000000000000000000000000';
const PERSON: Address = '0x000000000000000000000000000000000000bEEF';
const DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
const FEE = 10n ** 15n;

let node: AnvilNode;
let bare: AnvilNode;
beforeAll(async () => {
  [node, bare] = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 1 })]);
  await fetch(node.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setCode',
      params: [DLN_SOURCE_ADDRESS, dlnSourceDevDeployedBytecode],
    }),
  });
});
afterAll(async () => {
  await node?.stop();
  await bare?.stop();
});

/** A DLN order of `sending` (20 USDC, or ETH), as LI.FI's facet is called, carrying `value`. */
function dlnOrder(sending: Address, value: bigint) {
  const data = encodeFunctionData({
    abi: deBridgeDlnFacetAbi,
    functionName: 'startBridgeTokensViaDeBridgeDln',
    args: [
      {
        transactionId: pad('0x01', { size: 32 }),
        bridge: 'dln',
        integrator: 'test',
        referrer: ETH,
        sendingAssetId: sending,
        receiver: PERSON,
        minAmount: 20_000_000n,
        destinationChainId: 42161n,
        hasSourceSwaps: false,
        hasDestinationCall: false,
      },
      {
        receivingAssetId: USDC as Hex,
        receiver: PERSON as Hex,
        orderAuthorityDst: PERSON as Hex,
        minAmountOut: 19_000_000n,
      },
    ],
  });
  return { chainId: 1, from: PERSON, to: DIAMOND, data, value: String(value) };
}

const usdcChoice = { fromChainId: 1, fromToken: USDC, fromAmount: 20_000_000n } as const;

describe("deBridge's fixed fee, read from DlnSource", () => {
  it('proves a token order carrying exactly the fee the contract states, and gives the figure read', async () => {
    const proof = await proveDebridgeFee({
      tx: dlnOrder(USDC, FEE),
      choice: usdcChoice,
      client: trustedClient(node.rpcUrl),
    });
    expect(proof).toEqual({ ok: true, proven: ['nativeFee'], unproven: [], nativeFee: FEE });
  });

  it('counts the fee beyond the amount when the native coin is swapped into the token first', async () => {
    const choice = { fromChainId: 1, fromToken: ETH, fromAmount: 10n ** 16n };
    const proof = await proveDebridgeFee({
      tx: dlnOrder(USDC, 10n ** 16n + FEE),
      choice,
      client: trustedClient(node.rpcUrl),
    });
    expect(proof).toMatchObject({ ok: true, nativeFee: FEE });
  });

  it('refuses a value one wei off the fee, either way, or none, in words', async () => {
    const client = trustedClient(node.rpcUrl);
    for (const value of [FEE + 1n, FEE - 1n, 0n]) {
      const proof = await proveDebridgeFee({ tx: dlnOrder(USDC, value), choice: usdcChoice, client });
      expect(proof).toEqual({
        ok: false,
        reason: `The transaction pays ${value} wei of the native coin as deBridge's fee, but deBridge's contract states a fee of ${FEE} wei.`,
      });
    }
  });

  it('refuses where the fee cannot be read: no DlnSource there, or an RPC serving another chain', async () => {
    const none = await proveDebridgeFee({
      tx: dlnOrder(USDC, FEE),
      choice: usdcChoice,
      client: trustedClient(bare.rpcUrl),
    });
    expect(none).toMatchObject({ ok: false, reason: expect.stringContaining("deBridge's fee could not be read") });
    const other = await proveDebridgeFee({
      tx: dlnOrder(USDC, FEE),
      choice: { ...usdcChoice, fromChainId: 10 },
      client: trustedClient(node.rpcUrl),
    });
    expect(other).toMatchObject({ ok: false, reason: expect.stringContaining('serves chain 1, not chain 10') });
  });

  it('proves nothing for an order of the native coin (its fee comes out of the amount) or another call', async () => {
    const client = trustedClient(node.rpcUrl);
    const native = { fromChainId: 1, fromToken: ETH, fromAmount: 20_000_000n };
    expect(await proveDebridgeFee({ tx: dlnOrder(ETH, 20_000_000n), choice: native, client })).toBeUndefined();
    const other = { ...dlnOrder(USDC, FEE), data: '0xa9059cbb' };
    expect(await proveDebridgeFee({ tx: other, choice: usdcChoice, client })).toBeUndefined();
  });
});
