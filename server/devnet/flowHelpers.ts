import * as v from 'valibot';
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
} from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { type StatusResponse, StatusResponseSchema } from '../../src/schemas/status';
import { DEV_PRIVATE_KEYS } from './accounts';

/**
 * Test support: what a wallet does with the service, step by step (routes, step transaction, exact approval,
 * send, status polling), with viem and an anvil dev account. Shared by the devnet's end-to-end tests.
 */
export const NATIVE: Address = '0x0000000000000000000000000000000000000000';

export type Step = {
  id: string;
  type: string;
  tool: string;
  action: { fromChainId: string | number; toChainId: string | number; fromAmount: string };
  estimate: { toAmount: string; toAmountMin: string; approvalAddress?: Address };
  transactionRequest?: { to: Address; data: Hex; value: string; gasLimit: string; chainId: string | number };
};

export type RouteRequest = {
  fromChainId: number;
  fromTokenAddress: Address;
  toChainId: number;
  toTokenAddress: string;
  fromAmount: bigint;
  fromAddress: Address;
  /** Who receives (an EVM address, or a Solana key for Solana); the sender by default. */
  toAddress?: string;
  slippage?: number;
  /** Only these bridges (tests that need a known duration). */
  bridges?: string[];
};

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Best route by output, then its step transaction, as the extension does right before signing. */
export async function bestStep(serviceUrl: string, request: RouteRequest): Promise<Step> {
  const { routes } = (await postJson(`${serviceUrl}/v1/advanced/routes`, {
    fromChainId: String(request.fromChainId),
    fromTokenAddress: request.fromTokenAddress,
    toChainId: String(request.toChainId),
    toTokenAddress: request.toTokenAddress,
    fromAmount: request.fromAmount.toString(),
    fromAddress: request.fromAddress,
    toAddress: request.toAddress ?? request.fromAddress,
    options: {
      slippage: request.slippage ?? 0.005,
      order: 'OUTPUT',
      ...(request.bridges ? { bridges: { allow: request.bridges } } : {}),
    },
  })) as { routes: Step[] };
  const route = routes[0];
  if (!route) throw new Error('no route');
  const recipient = request.toAddress ?? request.fromAddress;
  const query = new URLSearchParams({ senderAddress: request.fromAddress, recipientAddress: recipient });
  const step = { ...route, action: { ...route.action, fromAddress: request.fromAddress, toAddress: recipient } };
  return (await postJson(`${serviceUrl}/v1/advanced/stepTransaction?${query}`, step)) as Step;
}

export class DevWallet {
  readonly account: PrivateKeyAccount;
  private readonly publics = new Map<number, PublicClient>();

  constructor(
    private readonly chains: readonly { chainId: number; rpcUrl: string }[],
    accountIndex: number,
  ) {
    const key = DEV_PRIVATE_KEYS[accountIndex];
    if (!key) throw new Error(`no dev account ${accountIndex}`);
    this.account = privateKeyToAccount(key);
  }

  get address(): Address {
    return this.account.address;
  }

  chain(chainId: number): Chain {
    const entry = this.chains.find((chain) => chain.chainId === chainId);
    if (!entry) throw new Error(`chain ${chainId} not on the devnet`);
    return defineChain({
      id: chainId,
      name: `devnet ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [entry.rpcUrl] } },
    });
  }

  client(chainId: number): PublicClient {
    let client = this.publics.get(chainId);
    if (!client) {
      client = createPublicClient({ chain: this.chain(chainId), transport: http(), pollingInterval: 25 });
      this.publics.set(chainId, client);
    }
    return client;
  }

  wallet(chainId: number) {
    return createWalletClient({ account: this.account, chain: this.chain(chainId), transport: http() });
  }

  async balance(chainId: number, token: Address, owner: Address = this.address): Promise<bigint> {
    const client = this.client(chainId);
    if (token === NATIVE) return client.getBalance({ address: owner });
    return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  }

  async approve(chainId: number, token: Address, spender: Address, amount: bigint): Promise<void> {
    const hash = await this.wallet(chainId).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, amount],
    });
    const receipt = await this.client(chainId).waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`approve ${hash} reverted`);
  }

  /**
   * Approves exactly fromAmount to the approval address (ERC-20 sources) and sends the step's transaction.
   * `gas` skips estimation, to get a transaction mined that the node would refuse to estimate (a revert).
   */
  async execute(step: Step, fromToken: Address, options: { gas?: bigint } = {}): Promise<Hex> {
    const tx = step.transactionRequest;
    if (!tx) throw new Error('step without transactionRequest');
    const chainId = Number(step.action.fromChainId);
    const approval = step.estimate.approvalAddress;
    if (fromToken !== NATIVE && approval)
      await this.approve(chainId, fromToken, approval, BigInt(step.action.fromAmount));
    // As wallets do: re-estimate, and keep the larger of the estimate (+20 %) and the service's gasLimit.
    let gas = options.gas;
    if (gas === undefined) {
      const estimate = await this.client(chainId).estimateGas({
        account: this.address,
        to: tx.to,
        data: tx.data,
        value: BigInt(tx.value),
      });
      const margin = (estimate * 120n) / 100n;
      gas = margin > BigInt(tx.gasLimit) ? margin : BigInt(tx.gasLimit);
    }
    const hash = await this.wallet(chainId).sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), gas });
    await this.client(chainId).waitForTransactionReceipt({ hash });
    return hash;
  }
}

/** Polls /v1/status until `done` holds; every response must parse with the shared schema. */
export async function pollStatus(
  serviceUrl: string,
  txHash: Hex,
  done: (status: StatusResponse) => boolean = (status) => status.status === 'DONE' || status.status === 'FAILED',
  timeoutMs = 20_000,
): Promise<{ final: StatusResponse; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const response = await fetch(`${serviceUrl}/v1/status?txHash=${txHash}`);
    const body = (await response.json()) as unknown;
    if (!response.ok) throw new Error(`status of ${txHash}: HTTP ${response.status} ${JSON.stringify(body)}`);
    const status = v.parse(StatusResponseSchema, body);
    const label = `${status.status}/${status.substatus ?? ''}`;
    if (seen.at(-1) !== label) seen.push(label);
    if (done(status)) return { final: status, seen };
    if (Date.now() > deadline) throw new Error(`status of ${txHash} still ${label} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
