import {
  address,
  createSolanaRpc,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type KeyPairSigner,
  signTransaction,
} from '@solana/kit';
import { parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_INTENTS_DEVNET_KEYS } from '../../src/checks/promises/nearIntentsConfig';
import { checkSolanaTransaction } from '../../src/checks/solana/checkSolanaTransaction';
import { COMPUTE_BUDGET_PROGRAM } from '../../src/checks/solana/programs';
import { type RunningServer, startServer } from '../app';
import { type Devnet, startDevnet } from './devnet';
import { DevWallet, NATIVE } from './flowHelpers';
import { oneClickStatus } from './oneClickQuotes';

/**
 * Routes from Solana in LI.FI's dialect, end to end on the devnet: the quote's and the step's transaction decoded (a
 * compute budget, then a plain deposit to the 1Click quote's address, the person the fee payer), held to the
 * extension's own check before signing, signed with a funded Solana key, sent through the devnet's Solana RPC, paid
 * by the relayer on the EVM chain and followed by /v1/status to DONE with the amount received.
 */

const TIME_FACTOR = 0.002;
const SOLANA = 1151111081099710;
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL = '11111111111111111111111111111111';
const USDC_BASE: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

let devnet: Devnet;
let service: RunningServer;
let specService: RunningServer;
let person: KeyPairSigner;
let receiver: DevWallet;

beforeAll(async () => {
  devnet = await startDevnet({ timeFactor: TIME_FACTOR, chainIds: [8453, 42161] });
  service = await startServer({
    devnet,
    dialect: 'lifi',
    timeFactor: TIME_FACTOR,
    logLevel: 'silent',
    rateLimit: { disabled: true },
  });
  specService = await startServer({
    devnet,
    timeFactor: TIME_FACTOR,
    logLevel: 'silent',
    rateLimit: { disabled: true },
  });
  person = await generateKeyPairSigner();
  await devnet.solana!.transferSol(person.address, 20_000_000_000n);
  await devnet.solana!.fund(person.address, USDC_SOLANA, 100_000_000n);
  receiver = new DevWallet(devnet.chains, 3);
});

afterAll(async () => {
  await service?.close();
  await specService?.close();
  await devnet?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: LI.FI's step is read field by field
type Step = any;

async function quote(params: Record<string, string>): Promise<{ status: number; body: Step }> {
  const query = new URLSearchParams({
    fromChain: 'SOL',
    fromAddress: person.address,
    toAddress: receiver.address,
    ...params,
  });
  const response = await fetch(`${service.url}/v1/quote?${query}`);
  return { status: response.status, body: await response.json() };
}

/** The step's transaction as the wallet sees it: fee payer, blockhash and instructions. */
function decode(data: string) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(data));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const message = decompileTransactionMessage(compiled as never);
  return { transaction, compiled, message, instructions: message.instructions };
}

/** Signed with the person's key and sent through the devnet's Solana RPC; the signature. */
async function signAndSend(data: string): Promise<string> {
  const { transaction } = decode(data);
  const signed = await signTransaction([person.keyPair], transaction);
  const rpc = createSolanaRpc(devnet.solanaRpcUrl!);
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
  return getSignatureFromTransaction(signed);
}

async function statusUntilDone(signature: string, url = service.url): Promise<{ final: Step; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + 20_000;
  while (true) {
    const body = await (await fetch(`${url}/v1/status?txHash=${signature}`)).json();
    const label = `${body.status}/${body.substatus ?? ''}`;
    if (seen.at(-1) !== label) seen.push(label);
    if (body.status === 'DONE' || body.status === 'FAILED') return { final: body, seen };
    if (Date.now() > deadline) throw new Error(`status of ${signature} still ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('routes from Solana (LI.FI dialect, devnet)', () => {
  it('quotes USDC on Solana to USDC on Base as a USDC deposit at the signed 1Click quote, and pays on Base', async () => {
    const { status, body: step } = await quote({
      fromToken: USDC_SOLANA,
      toChain: '8453',
      toToken: USDC_BASE,
      fromAmount: '25000000',
    });
    expect(status).toBe(200);
    expect(step).toMatchObject({
      tool: 'near',
      action: {
        fromChainId: SOLANA,
        fromAddress: person.address,
        fromToken: { address: USDC_SOLANA },
        toChainId: 8453,
      },
    });
    // Only `data`, as li.quest gives a Solana step's transaction.
    expect(Object.keys(step.transactionRequest)).toEqual(['data']);
    const { compiled, message, instructions } = decode(step.transactionRequest.data);
    expect(compiled.version).toBe(0);
    expect(message.feePayer.address).toBe(person.address);
    expect(instructions.map((i) => i.programAddress)).toEqual([
      COMPUTE_BUDGET_PROGRAM,
      COMPUTE_BUDGET_PROGRAM,
      ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
      TOKEN_PROGRAM_ADDRESS,
    ]);
    const create = parseCreateAssociatedTokenIdempotentInstruction(instructions[2] as never);
    const transfer = parseTransferCheckedInstruction(instructions[3] as never);
    const depositAddress = create.accounts.owner.address;
    const [source] = await findAssociatedTokenPda({
      owner: person.address,
      mint: address(USDC_SOLANA),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    expect(transfer.accounts.source.address).toBe(source);
    expect(transfer.accounts.destination.address).toBe(create.accounts.ata.address);
    expect(transfer.accounts.authority.address).toBe(person.address);
    expect(transfer.data).toMatchObject({ amount: 25_000_000n, decimals: 6 });
    // The deposit address is the one 1Click's signed quote names, for this amount, paying the receiver.
    const oneClick = oneClickStatus(depositAddress)!;
    expect(oneClick.quoteResponse.quote).toMatchObject({
      depositAddress,
      amountIn: '25000000',
      minAmountOut: step.estimate.toAmountMin,
    });
    expect(oneClick.quoteResponse.quoteRequest).toMatchObject({
      recipient: receiver.address,
      refundTo: person.address,
    });

    // The extension's own check before signing passes the twin's honest transaction.
    const verdict = await checkSolanaTransaction({
      transaction: step.transactionRequest.data,
      choice: {
        fromChainId: SOLANA,
        toChainId: 8453,
        fromToken: USDC_SOLANA,
        toToken: USDC_BASE,
        fromAmount: 25_000_000n,
        fromAddress: person.address,
        toAddress: receiver.address,
        slippage: 0.005,
      },
      rpcUrl: devnet.solanaRpcUrl!,
      minAmountOut: BigInt(step.estimate.toAmountMin),
      bridge: {
        kind: 'nearIntents',
        config: { ...NEAR_INTENTS_DEVNET_KEYS, oneClickUrl: 'http://127.0.0.1:9/1click' },
        status: async (address) => oneClickStatus(address),
      },
    });
    expect(verdict.ok ? [] : verdict.refusals.map((r) => r.shortMessage)).toEqual([]);
    expect(verdict).toMatchObject({ ok: true, depositAddress, proven: true });

    const before = await receiver.balance(8453, USDC_BASE);
    const signature = await signAndSend(step.transactionRequest.data);
    const { final, seen } = await statusUntilDone(signature);
    expect(final).toMatchObject({
      status: 'DONE',
      substatus: 'COMPLETED',
      tool: 'near',
      fromAddress: person.address,
      toAddress: receiver.address,
      sending: { txHash: signature, chainId: SOLANA, amount: '25000000', token: { address: USDC_SOLANA } },
      receiving: { chainId: 8453, amount: step.estimate.toAmount, token: { address: USDC_BASE } },
    });
    expect(seen[0]).toMatch(/^PENDING\//);
    expect(await receiver.balance(8453, USDC_BASE)).toBe(before + BigInt(step.estimate.toAmount));
    expect(await devnet.solana!.tokenBalance(person.address, USDC_SOLANA)).toBe(75_000_000n);
    // Asked by the deposit address alone, as li.quest takes it, the same transfer answers.
    const byDeposit = await (await fetch(`${service.url}/v1/status?depositAddress=${depositAddress}`)).json();
    expect(byDeposit).toMatchObject({ status: 'DONE', sending: { txHash: signature } });
    expect(oneClickStatus(depositAddress)).toMatchObject({
      status: 'SUCCESS',
      swapDetails: {
        originChainTxHashes: [{ hash: signature }],
        amountIn: '25000000',
        amountOut: step.estimate.toAmount,
      },
    });
  });

  it('routes SOL to ETH on Arbitrum: the step transaction is a System transfer to the quote, paid as ETH', async () => {
    const routes = await (
      await fetch(`${service.url}/v1/advanced/routes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fromChainId: SOLANA,
          fromTokenAddress: SOL,
          fromAmount: '2000000000',
          fromAddress: person.address,
          toChainId: 42161,
          toTokenAddress: NATIVE,
          toAddress: receiver.address,
        }),
      })
    ).json();
    const route = routes.routes[0];
    expect(route).toMatchObject({ fromChainId: SOLANA, fromToken: { address: SOL, symbol: 'SOL' }, toChainId: 42161 });
    expect(route.steps[0].transactionRequest).toBeUndefined();
    const response = await fetch(`${service.url}/v1/advanced/stepTransaction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(route.steps[0]),
    });
    const step = await response.json();
    expect([response.status, step.message]).toEqual([200, undefined]);
    const { message, instructions } = decode(step.transactionRequest.data);
    expect(message.feePayer.address).toBe(person.address);
    expect(instructions.map((i) => i.programAddress)).toEqual([
      COMPUTE_BUDGET_PROGRAM,
      COMPUTE_BUDGET_PROGRAM,
      SYSTEM_PROGRAM_ADDRESS,
    ]);
    const transfer = parseTransferSolInstruction(instructions[2] as never);
    expect(transfer.accounts.source.address).toBe(person.address);
    expect(transfer.data.amount).toBe(2_000_000_000n);
    const depositAddress = transfer.accounts.destination.address;
    expect(oneClickStatus(depositAddress)?.quoteResponse.quote).toMatchObject({ amountIn: '2000000000' });

    const before = await receiver.balance(42161, NATIVE);
    const signature = await signAndSend(step.transactionRequest.data);
    const { final } = await statusUntilDone(signature);
    expect(final).toMatchObject({
      status: 'DONE',
      substatus: 'COMPLETED',
      sending: { txHash: signature, chainId: SOLANA, amount: '2000000000', token: { address: SOL } },
      receiving: { chainId: 42161, amount: step.estimate.toAmount, token: { address: NATIVE } },
    });
    expect(await receiver.balance(42161, NATIVE)).toBe(before + BigInt(step.estimate.toAmount));
  });

  it('refuses an EVM sender, an unknown mint and a missing receiver from Solana in words', async () => {
    const base = { fromToken: USDC_SOLANA, toChain: '8453', toToken: USDC_BASE, fromAmount: '25000000' };
    const evm = await quote({ ...base, fromAddress: receiver.address });
    expect(evm).toMatchObject({
      status: 400,
      body: { code: 1011, errors: { fromAddress: expect.stringMatching(/EVM address; a Solana source needs/) } },
    });
    const unknown = await quote({ ...base, fromToken: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB264' });
    expect(unknown).toMatchObject({
      status: 400,
      body: { errors: { fromToken: expect.stringMatching(/unknown token/) } },
    });
    const query = new URLSearchParams({ fromChain: 'SOL', fromAddress: person.address, ...base });
    const noReceiver = await fetch(`${service.url}/v1/quote?${query}`);
    expect(noReceiver.status).toBe(400);
    expect((await noReceiver.json()).errors.toAddress).toMatch(/required from Solana/);
  });
});

describe('routes from Solana (spec dialect, devnet)', () => {
  it('quotes, builds the step and follows USDC on Solana to USDC on Base, the deposit at the signed quote', async () => {
    const query = new URLSearchParams({
      fromChain: String(SOLANA),
      fromToken: USDC_SOLANA,
      toChain: '8453',
      toToken: USDC_BASE,
      fromAmount: '10000000',
      fromAddress: person.address,
      toAddress: receiver.address,
    });
    const quoted = await fetch(`${specService.url}/v1/quote?${query}`);
    const route = await quoted.json();
    expect([quoted.status, route.message]).toEqual([200, undefined]);
    expect(route).toMatchObject({ tool: 'near', action: { fromChainId: String(SOLANA), fromAddress: person.address } });
    expect(route.estimate.approvalAddress).toBeUndefined();
    expect(route.transactionRequest).toEqual({
      from: person.address,
      chainId: String(SOLANA),
      data: expect.any(String),
    });

    // The routes list and its step's transaction: what the extension signs.
    const listed = await (
      await fetch(`${specService.url}/v1/advanced/routes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fromChainId: String(SOLANA),
          fromTokenAddress: USDC_SOLANA,
          toChainId: '8453',
          toTokenAddress: USDC_BASE,
          fromAmount: '10000000',
          fromAddress: person.address,
          toAddress: receiver.address,
        }),
      })
    ).json();
    const item = listed.routes[0];
    const stepQuery = new URLSearchParams({ senderAddress: person.address, recipientAddress: receiver.address });
    const stepResponse = await fetch(`${specService.url}/v1/advanced/stepTransaction?${stepQuery}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...item, action: item.action, estimate: { ...item.estimate, tool: item.tool } }),
    });
    const step = await stepResponse.json();
    expect([stepResponse.status, step.message]).toEqual([200, undefined]);
    const { message, instructions } = decode(step.transactionRequest.data);
    expect(message.feePayer.address).toBe(person.address);
    const transfer = parseTransferCheckedInstruction(instructions[3] as never);
    expect(transfer.data.amount).toBe(10_000_000n);
    const depositAddress = parseCreateAssociatedTokenIdempotentInstruction(instructions[2] as never).accounts.owner
      .address;
    expect(oneClickStatus(depositAddress)?.quoteResponse.quote).toMatchObject({
      amountIn: '10000000',
      minAmountOut: step.estimate.toAmountMin,
    });

    const before = await receiver.balance(8453, USDC_BASE);
    const signature = await signAndSend(step.transactionRequest.data);
    const { final } = await statusUntilDone(signature, specService.url);
    expect(final).toMatchObject({
      status: 'DONE',
      substatus: 'COMPLETED',
      sending: { txHash: signature, chainId: SOLANA, amount: '10000000' },
      receiving: { chainId: 8453, amount: step.estimate.toAmount },
    });
    expect(await receiver.balance(8453, USDC_BASE)).toBe(before + BigInt(step.estimate.toAmount));
  });

  it('refuses an EVM address as the Solana sender', async () => {
    const response = await fetch(
      `${specService.url}/v1/quote?${new URLSearchParams({
        fromChain: String(SOLANA),
        fromToken: USDC_SOLANA,
        toChain: '8453',
        toToken: USDC_BASE,
        fromAmount: '10000000',
        fromAddress: receiver.address,
        toAddress: receiver.address,
      })}`,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors.fromAddress).toMatch(/EVM address; a Solana source needs/);
  });
});
