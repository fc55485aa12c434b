import { generateKeyPairSigner } from '@solana/kit';
import { type Address, decodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFI_NON_EVM_ADDRESS } from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS, routerAbi } from '../../src/contracts/router';
import { wordToSolanaAddress } from '../../src/lib/solanaAddress';
import { type RunningServer, startServer } from '../app';
import { devTokenAbi } from './artifacts/DevToken';
import { type Devnet, startDevnet } from './devnet';
import { bestStep, DevWallet, NATIVE, pollStatus, type Step } from './flowHelpers';

const TIME_FACTOR = 0.002;
const USDC: Record<number, Address> = {
  1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  42161: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  8453: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  10: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
};
const SOLANA = 1151111081099710;
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT_ETHEREUM: Address = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const DAI_ETHEREUM: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const WETH: Record<number, Address> = {
  42161: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  8453: '0x4200000000000000000000000000000000000006',
};

let devnet: Devnet;
let service: RunningServer;
let admin: DevWallet;
const wallet = (index: number) => new DevWallet(devnet.chains, index);

beforeAll(async () => {
  devnet = await startDevnet({ timeFactor: TIME_FACTOR, log: process.env.DEVNET_LOG ? console.log : undefined });
  service = await startServer({ devnet, timeFactor: TIME_FACTOR, logLevel: 'silent', rateLimit: { disabled: true } });
  admin = new DevWallet(devnet.chains, 9);
});

afterAll(async () => {
  await service?.close();
  await devnet?.stop();
});

function bridgeParams(step: Step) {
  const decoded = decodeFunctionData({ abi: routerAbi, data: step.transactionRequest!.data });
  if (decoded.functionName !== 'startBridge') throw new Error(`expected startBridge, got ${decoded.functionName}`);
  return decoded.args[0];
}

/** The admin trades half a pool's input reserve through it: the price moves far beyond any slippage. */
async function movePrice(chainId: number, tokenIn: Address, tokenOut: Address): Promise<void> {
  const client = admin.client(chainId);
  const [reserveIn] = await client.readContract({
    address: ROUTER_ADDRESS,
    abi: routerAbi,
    functionName: 'getReserves',
    args: [tokenIn, tokenOut],
  });
  const amountIn = reserveIn / 2n;
  const send = async (request: Parameters<ReturnType<DevWallet['wallet']>['writeContract']>[0]) => {
    const hash = await admin.wallet(chainId).writeContract(request);
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
  };
  if (tokenIn !== NATIVE) {
    await send({ address: tokenIn, abi: devTokenAbi, functionName: 'mint', args: [admin.address, amountIn] } as never);
  }
  await send({
    address: ROUTER_ADDRESS,
    abi: routerAbi,
    functionName: 'swap',
    args: [tokenIn, tokenOut, amountIn, 0n, admin.address],
    value: tokenIn === NATIVE ? amountIn : 0n,
  } as never);
  await devnet.sync();
}

describe('devnet', () => {
  it('starts four chains in well under 10 s', () => {
    expect(devnet.chains.map((chain) => chain.chainId).sort((a, b) => a - b)).toEqual([1, 10, 8453, 42161]);
    expect(devnet.startupMs).toBeLessThan(10_000);
  });

  it('bridges USDC from Ethereum to Arbitrum: exact approval, relayer fill, DONE with the real destination leg', async () => {
    const user = wallet(1);
    const amount = 1_000n * 10n ** 6n;
    const before = { src: await user.balance(1, USDC[1]!), dst: await user.balance(42161, USDC[42161]!) };
    const step = await bestStep(service.url, {
      fromChainId: 1,
      fromTokenAddress: USDC[1]!,
      toChainId: 42161,
      toTokenAddress: USDC[42161]!,
      fromAmount: amount,
      fromAddress: user.address,
    });
    expect(step.estimate.approvalAddress?.toLowerCase()).toBe(ROUTER_ADDRESS.toLowerCase());
    const hash = await user.execute(step, USDC[1]!);
    const { final } = await pollStatus(service.url, hash);

    expect(final.status).toBe('DONE');
    expect(final.substatus).toBe('COMPLETED');
    expect(final.fromChainId).toBe(1);
    expect(final.toChainId).toBe(42161);
    expect(final.tool).toBe(step.tool);
    const received = BigInt(final.receiving?.amount ?? '0');
    expect(received).toBe(BigInt(step.estimate.toAmount));
    expect(await user.balance(1, USDC[1]!)).toBe(before.src - amount);
    expect(await user.balance(42161, USDC[42161]!)).toBe(before.dst + received);
    const fillTx = await user.client(42161).getTransactionReceipt({ hash: final.receiving!.txHash as Hex });
    expect(fillTx.status).toBe('success');
    expect(final.receiving?.chainId).toBe(42161);
    expect(final.sending?.amount).toBe(amount.toString());
    // Explorer links point at the service's devnet explorer and open there.
    expect(final.receiving?.txLink).toBe(`${service.url}/explorer/42161/tx/${final.receiving?.txHash}`);
    expect((await fetch(final.receiving!.txLink!)).status).toBe(200);
    expect((await fetch(final.sending!.txLink!)).status).toBe(200);
    // The approval was exact: nothing left for the router to pull.
    expect(
      await user.client(1).readContract({
        address: USDC[1]!,
        abi: devTokenAbi,
        functionName: 'allowance',
        args: [user.address, ROUTER_ADDRESS],
      }),
    ).toBe(0n);
  });

  it('bridges USDC from Ethereum to a Solana wallet: SPL USDC delivered on the Solana VM, DONE with a Solana leg', async () => {
    const solana = devnet.solana!;
    const user = wallet(2);
    const receiver = (await generateKeyPairSigner()).address;
    const amount = 250n * 10n ** 6n;
    const before = await user.balance(1, USDC[1]!);
    const step = await bestStep(service.url, {
      fromChainId: 1,
      fromTokenAddress: USDC[1]!,
      toChainId: SOLANA,
      toTokenAddress: USDC_SOLANA,
      fromAmount: amount,
      fromAddress: user.address,
      toAddress: receiver,
    });
    // The receiver and the mint travel as 32-byte keys; the deposit itself holds LI.FI's placeholder.
    const call = decodeFunctionData({ abi: routerAbi, data: step.transactionRequest!.data });
    if (call.functionName !== 'startBridgeToNonEvm') throw new Error(call.functionName);
    const [params, receiverWord, mintWord] = call.args;
    expect(wordToSolanaAddress(receiverWord)).toBe(receiver);
    expect(wordToSolanaAddress(mintWord)).toBe(USDC_SOLANA);
    expect(params).toMatchObject({ recipient: LIFI_NON_EVM_ADDRESS, dstChainId: BigInt(SOLANA), amountIn: amount });

    const hash = await user.execute(step, USDC[1]!);
    const { final } = await pollStatus(service.url, hash);
    expect(final).toMatchObject({ status: 'DONE', substatus: 'COMPLETED', fromChainId: 1, toChainId: SOLANA });
    const received = BigInt(final.receiving!.amount!);
    expect(received).toBe(BigInt(step.estimate.toAmount));
    expect(received).toBeGreaterThanOrEqual(BigInt(step.estimate.toAmountMin));
    expect(final.receiving?.token).toMatchObject({ address: USDC_SOLANA, symbol: 'USDC', decimals: 6 });
    // The receiving leg is the Solana delivery: its signature is on the SVM, and the SPL balance rose by it.
    expect(final.receiving?.txHash).toBe(solana.delivery(solana.deliveriesTo(receiver)[0]!.depositId)!.signature);
    expect(solana.svm.getTransaction(final.receiving!.txHash as never)).not.toBeNull();
    expect(await solana.tokenBalance(receiver, USDC_SOLANA)).toBe(received);
    expect(await user.balance(1, USDC[1]!)).toBe(before - amount);

    // The receiving leg links to the devnet explorer's Solana pages: the delivery, and the receiver's SPL balance.
    const txLink = final.receiving!.txLink!;
    expect(txLink).toBe(`${service.url}/explorer/${SOLANA}/tx/${final.receiving!.txHash}`);
    const txPage = await (await fetch(txLink)).text();
    expect(txPage).toContain(receiver);
    expect(txPage).toContain(`${Number(received) / 1e6} USDC`);
    expect(txPage).toMatch(/Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success/);
    const account = await fetch(`${service.url}/explorer/${SOLANA}/address/${receiver}`);
    expect(account.status).toBe(200);
    expect(await account.text()).toMatch(new RegExp(`USD Coin \\(USDC\\)</td><td>${Number(received) / 1e6}<`));
    expect((await fetch(`${service.url}/explorer/${SOLANA}/address/${user.address}`)).status).toBe(400);
    expect((await fetch(`${service.url}/explorer/${SOLANA}/tx/${'1'.repeat(88)}`)).status).toBe(404);
    expect(await (await fetch(`${service.url}/explorer/${SOLANA}`)).text()).toContain(receiver);
  });

  it('refuses an EVM receiver for Solana, a Solana receiver for an EVM chain, and a Solana quote without one', async () => {
    const user = wallet(2);
    const routes = (body: object) =>
      fetch(`${service.url}/v1/advanced/routes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fromChainId: '1',
          fromTokenAddress: USDC[1],
          fromAmount: '100000000',
          fromAddress: user.address,
          ...body,
        }),
      });
    const evmForSolana = await routes({
      toChainId: String(SOLANA),
      toTokenAddress: USDC_SOLANA,
      toAddress: user.address,
    });
    expect(evmForSolana.status).toBe(400);
    expect(((await evmForSolana.json()) as { message: string }).message).toMatch(/toAddress.*EVM address.*Solana/);
    const solanaForEvm = await routes({ toChainId: '42161', toTokenAddress: USDC[42161], toAddress: USDC_SOLANA });
    expect(solanaForEvm.status).toBe(400);
    expect(((await solanaForEvm.json()) as { message: string }).message).toMatch(/toAddress.*Solana address/);
    const quote = await fetch(
      `${service.url}/v1/quote?fromChain=1&toChain=${SOLANA}&fromToken=${USDC[1]}&toToken=${USDC_SOLANA}&fromAmount=100000000&fromAddress=${user.address}`,
    );
    expect(quote.status).toBe(400);
    expect(((await quote.json()) as { message: string }).message).toMatch(/toAddress.*required.*Solana/);
  });

  it('bridges native ETH from Arbitrum into USDC on Base', async () => {
    const user = wallet(5);
    const amount = 10n ** 18n;
    const before = { eth: await user.balance(42161, NATIVE), usdc: await user.balance(8453, USDC[8453]!) };
    const step = await bestStep(service.url, {
      fromChainId: 42161,
      fromTokenAddress: NATIVE,
      toChainId: 8453,
      toTokenAddress: USDC[8453]!,
      fromAmount: amount,
      fromAddress: user.address,
    });
    expect(BigInt(step.transactionRequest!.value)).toBe(amount);
    const hash = await user.execute(step, NATIVE);
    const { final } = await pollStatus(service.url, hash);
    expect(final).toMatchObject({ status: 'DONE', substatus: 'COMPLETED' });
    const received = BigInt(final.receiving!.amount!);
    expect(received).toBeGreaterThanOrEqual(BigInt(step.estimate.toAmountMin));
    expect(await user.balance(8453, USDC[8453]!)).toBe(before.usdc + received);
    expect(await user.balance(42161, NATIVE)).toBeLessThan(before.eth - amount);
  });

  it('swaps on one chain (USDT to DAI on Ethereum): DONE/COMPLETED once mined, output as quoted', async () => {
    const user = wallet(6);
    const amount = 5_000n * 10n ** 6n;
    const before = await user.balance(1, DAI_ETHEREUM);
    const step = await bestStep(service.url, {
      fromChainId: 1,
      fromTokenAddress: USDT_ETHEREUM,
      toChainId: 1,
      toTokenAddress: DAI_ETHEREUM,
      fromAmount: amount,
      fromAddress: user.address,
    });
    const hash = await user.execute(step, USDT_ETHEREUM);
    const { final } = await pollStatus(service.url, hash);
    expect(final).toMatchObject({ status: 'DONE', substatus: 'COMPLETED', fromChainId: 1, toChainId: 1 });
    expect(final.receiving?.txHash).toBe(hash);
    expect(final.receiving?.amount).toBe(step.estimate.toAmount);
    expect(await user.balance(1, DAI_ETHEREUM)).toBe(before + BigInt(step.estimate.toAmount));
  });

  it('USDT on Ethereum refuses a new non-zero allowance until it is reset to 0', async () => {
    const user = wallet(6);
    await user.approve(1, USDT_ETHEREUM, ROUTER_ADDRESS, 1n);
    await expect(user.approve(1, USDT_ETHEREUM, ROUTER_ADDRESS, 2n)).rejects.toThrow(/revert/);
    await user.approve(1, USDT_ETHEREUM, ROUTER_ADDRESS, 0n);
    await user.approve(1, USDT_ETHEREUM, ROUTER_ADDRESS, 2n);
    await user.approve(1, USDT_ETHEREUM, ROUTER_ADDRESS, 0n);
  });

  it('reports FAILED/SLIPPAGE_EXCEEDED when the price moved between quote and send', async () => {
    const user = wallet(2);
    const step = await bestStep(service.url, {
      fromChainId: 8453,
      fromTokenAddress: USDC[8453]!,
      toChainId: 8453,
      toTokenAddress: WETH[8453]!,
      fromAmount: 2_000n * 10n ** 6n,
      fromAddress: user.address,
    });
    await movePrice(8453, USDC[8453]!, WETH[8453]!);
    const before = await user.balance(8453, USDC[8453]!);
    const hash = await user.execute(step, USDC[8453]!, { gas: 400_000n });
    const { final } = await pollStatus(service.url, hash);
    expect(final.status).toBe('FAILED');
    expect(final.substatus).toBe('SLIPPAGE_EXCEEDED');
    expect(final.substatusMessage).toMatch(/^SlippageExceeded\(/);
    expect(await user.balance(8453, USDC[8453]!)).toBe(before);
  });

  it('reports FAILED/INSUFFICIENT_ALLOWANCE when the approval is short of fromAmount', async () => {
    const user = wallet(2);
    const amount = 100n * 10n ** 6n;
    const step = await bestStep(service.url, {
      fromChainId: 1,
      fromTokenAddress: USDC[1]!,
      toChainId: 10,
      toTokenAddress: USDC[10]!,
      fromAmount: amount,
      fromAddress: user.address,
    });
    await user.approve(1, USDC[1]!, ROUTER_ADDRESS, amount - 1n);
    const tx = step.transactionRequest!;
    const hash = await user.wallet(1).sendTransaction({ to: tx.to, data: tx.data, value: 0n, gas: 400_000n });
    await user.client(1).waitForTransactionReceipt({ hash });
    const { final } = await pollStatus(service.url, hash);
    expect(final).toMatchObject({
      status: 'FAILED',
      substatus: 'INSUFFICIENT_ALLOWANCE',
      fromChainId: 1,
      toChainId: 10,
    });
    await user.approve(1, USDC[1]!, ROUTER_ADDRESS, 0n);
  });

  it('delivers the bridge token (DONE/PARTIAL) when the destination swap cannot meet the minimum', async () => {
    const user = wallet(3);
    const step = await bestStep(service.url, {
      fromChainId: 1,
      fromTokenAddress: USDC[1]!,
      toChainId: 42161,
      toTokenAddress: WETH[42161]!,
      fromAmount: 3_000n * 10n ** 6n,
      fromAddress: user.address,
    });
    const params = bridgeParams(step);
    expect(params.dstBridgeToken.toLowerCase()).not.toBe(params.dstToken.toLowerCase());
    await movePrice(42161, params.dstBridgeToken, params.dstToken);
    const before = await user.balance(42161, params.dstBridgeToken);
    const hash = await user.execute(step, USDC[1]!);
    const { final } = await pollStatus(service.url, hash);
    expect(final).toMatchObject({ status: 'DONE', substatus: 'PARTIAL' });
    expect(final.receiving?.token?.address.toLowerCase()).toBe(params.dstBridgeToken.toLowerCase());
    const received = BigInt(final.receiving!.amount!);
    expect(received).toBeGreaterThan(0n);
    expect(await user.balance(42161, params.dstBridgeToken)).toBe(before + received);
  });

  it('refunds on the source (DONE/REFUNDED) when the destination lacks bridge liquidity', async () => {
    const user = wallet(4);
    const amount = 700n * 10n ** 6n;
    const step = await bestStep(service.url, {
      fromChainId: 42161,
      fromTokenAddress: USDC[42161]!,
      toChainId: 10,
      toTokenAddress: USDC[10]!,
      fromAmount: amount,
      fromAddress: user.address,
    });
    const params = bridgeParams(step);
    const optimism = admin.client(10);
    const liquidity = await optimism.readContract({
      address: ROUTER_ADDRESS,
      abi: routerAbi,
      functionName: 'bridgeLiquidity',
      args: [params.dstBridgeToken],
    });
    const drain = await admin.wallet(10).writeContract({
      address: ROUTER_ADDRESS,
      abi: routerAbi,
      functionName: 'removeBridgeLiquidity',
      args: [params.dstBridgeToken, liquidity, admin.address],
    });
    await optimism.waitForTransactionReceipt({ hash: drain });

    const before = await user.balance(42161, USDC[42161]!);
    const hash = await user.execute(step, USDC[42161]!);
    const { final } = await pollStatus(service.url, hash);
    expect(final).toMatchObject({ status: 'DONE', substatus: 'REFUNDED' });
    expect(final.receiving?.chainId).toBe(42161);
    expect(final.receiving?.amount).toBe(amount.toString());
    expect(await user.balance(42161, USDC[42161]!)).toBe(before);
    expect(await user.balance(10, USDC[10]!)).toBeGreaterThan(0n);

    // Replay protection: the resolved deposit can be neither refunded again nor filled (simulated as the relayer).
    const receipt = await user.client(42161).getTransactionReceipt({ hash });
    const depositId = receipt.logs.find((log) => log.address.toLowerCase() === ROUTER_ADDRESS.toLowerCase())
      ?.topics[1] as Hex;
    const relayer = new DevWallet(devnet.chains, 8).address;
    await expect(
      user.client(42161).simulateContract({
        account: relayer,
        address: ROUTER_ADDRESS,
        abi: routerAbi,
        functionName: 'refund',
        args: [depositId],
      }),
    ).rejects.toThrow(/DepositNotPending/);
    await expect(
      optimism.simulateContract({
        account: relayer,
        address: ROUTER_ADDRESS,
        abi: routerAbi,
        functionName: 'fill',
        args: [depositId, 42161n, params, 1n],
      }),
    ).rejects.toThrow(/DepositAlreadyResolved/);
  });

  it('answers NOT_FOUND for a hash no devnet chain knows', async () => {
    const { final } = await pollStatus(service.url, `0x${'ab'.repeat(32)}`, () => true);
    expect(final.status).toBe('NOT_FOUND');
  });
});
