import { keccak256, toHex } from 'viem';
import type { TransferInput } from '../../src/model/transfer';
import { chainAnswering } from '../../testing/background/scriptedChain';
import { startScriptedServer } from '../../testing/scriptedServer';

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;

const usdc = (chainId: number, address: string) => ({
  address,
  chainId,
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
});

/** A unique, well-formed source transaction hash per label. */
export const txHashFor = (label: string): `0x${string}` => keccak256(toHex(label));

/** The transaction the popup approved for the fixture transfer (what the wallet was asked to send). */
export const APPROVED_TX = {
  chainId: 1,
  from: ACCOUNT,
  to: '0xB71D6e00000000000000000000000000000c0de1',
  data: '0xabcdef00',
  value: '0',
} as const;

/**
 * A scripted trusted RPC for the fixture transfers' source chain, for tests whose hashes are made up (no chain runs):
 * it answers every hash with APPROVED_TX, so the extension's on-chain check passes and tracking goes on. Point
 * `settings.rpcUrls['1']` at `url`. Tests of the check itself run real chains (e2e/trustSent.test.ts). `headless`:
 * see chainAnswering.
 */
export async function startFixtureRpc(
  options: { headless?: boolean } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const server = await startScriptedServer();
  server.script('POST /', chainAnswering(APPROVED_TX, options));
  return { url: `${server.url}/`, close: () => server.close() };
}

/** What the signing flow records once the wallet returned `txHash` (TransferInput). */
export function transferInput(txHash: `0x${string}`, executionDuration = 8): TransferInput {
  return {
    txHash,
    routeId: 'x~across~USDC~-~-.0123456789abcdef',
    tool: 'across',
    toolName: 'Across',
    fromChainId: 1,
    toChainId: 42161,
    fromToken: usdc(1, USDC_ETH),
    toToken: usdc(42161, USDC_ARB),
    fromAmount: '25000000',
    toAmount: '24900000',
    toAmountMin: '24800000',
    fromAddress: ACCOUNT,
    toAddress: ACCOUNT,
    executionDuration,
    approvedTx: APPROVED_TX,
  };
}

/** A spec status answer for the transfer above: PENDING carries only what is known, DONE both full legs. */
export function statusAnswer(txHash: string, status: 'PENDING' | 'DONE' | 'FAILED') {
  const sending = { txHash, amount: '25000000', token: usdc(1, USDC_ETH), chainId: 1 };
  if (status === 'PENDING') {
    return {
      status,
      substatus: 'WAIT_DESTINATION_TRANSACTION',
      tool: 'across',
      fromChainId: 1,
      toChainId: 42161,
      sending,
      receiving: { chainId: 42161 },
    };
  }
  const receiving = {
    txHash: txHashFor(`${txHash}:destination`),
    amount: '24900000',
    token: usdc(42161, USDC_ARB),
    chainId: 42161,
  };
  return {
    status,
    substatus: status === 'DONE' ? 'COMPLETED' : 'UNKNOWN_FAILED_ERROR',
    tool: 'across',
    fromChainId: 1,
    toChainId: 42161,
    sending,
    receiving,
  };
}
