import { createClient, executeRoute, getRoutes, type Route, type RouteExtended } from '@lifi/sdk';
import { EthereumProvider } from '@lifi/sdk-provider-ethereum';
import { generateKeyPairSigner } from '@solana/kit';
import {
  type AbiFunction,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  http,
  type PublicClient,
  pad,
  parseAbi,
  parseEventLogs,
  toFunctionSelector,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acrossFacetV4Abi,
  LIFI_DIAMOND_ADDRESS,
  LIFI_NON_EVM_ADDRESS,
  lifiDiamondAbi,
} from '../../src/contracts/lifiDiamond';
import { wordToSolanaAddress } from '../../src/lib/solanaAddress';
import { type RunningServer, startServer } from '../app';
import { devAccount } from '../devnet/accounts';
import { type Devnet, startDevnet } from '../devnet/devnet';
import { DEV_FACETS } from '../devnet/lifiFacets';
import { DLN_DEVNET_FIXED_FEE } from './transaction';

/**
 * Acceptance of issue #16: the public LI.FI SDK (v4, its own getRoutes, approval, stepTransaction and status
 * polling) executes routes to DONE against the devnet through the service's lifi dialect, and the balances move
 * as quoted. Every request the SDK makes is checked to stay on loopback.
 */
const TIME_FACTOR = 0.002;
const USDC_ETHEREUM: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const DAI_ETHEREUM: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const ARB_ARBITRUM: Address = '0x912CE59144191C1204E64559FE8253a0e49E6548';
const NATIVE: Address = '0x0000000000000000000000000000000000000000';
const WETH_ETHEREUM: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const WETH_ARBITRUM: Address = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1';
const SOLANA = 1151111081099710;
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const account = devAccount(3);

/** The compiled facets' functions by name (their ABIs are production's: server/devnet/artifacts.test.ts). */
const FACET_ABIS = DEV_FACETS.flatMap((facet) => facet.abi);
function facetFunction(name: string): AbiFunction {
  const found = FACET_ABIS.find((entry): entry is AbiFunction => entry.type === 'function' && entry.name === name);
  if (!found) throw new Error(`no facet function ${name}`);
  return found;
}
const lifiBridgeEvents = parseAbi([
  'struct BridgeData { bytes32 transactionId; string bridge; string integrator; address referrer; address sendingAssetId; address receiver; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'event LiFiTransferStarted(BridgeData bridgeData)',
  'event BridgeToNonEVMChain(bytes32 indexed transactionId, uint256 indexed destinationChainId, bytes receiver)',
  'event BridgeToNonEVMChainBytes32(bytes32 indexed transactionId, uint256 indexed destinationChainId, bytes32 receiver)',
]);

let devnet: Devnet;
let service: RunningServer;
const requested: string[] = [];
const realFetch = globalThis.fetch;

function chainOf(chainId: number): Chain {
  const rpc = devnet.chains.find((c) => c.chainId === chainId)?.rpcUrl;
  if (!rpc) throw new Error(`no devnet chain ${chainId}`);
  return {
    id: chainId,
    name: `devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
  };
}

const publicClient = (chainId: number): PublicClient =>
  createPublicClient({ chain: chainOf(chainId), transport: http() }) as PublicClient;
const walletClient = (chainId: number) => createWalletClient({ account, chain: chainOf(chainId), transport: http() });

const balanceOf = (chainId: number, token: Address) =>
  publicClient(chainId).readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account.address],
  });

function sdkClient() {
  let current = 1;
  return createClient({
    integrator: 'bridge-companion-tests',
    apiUrl: `${service.url}/v1`,
    disableVersionCheck: true,
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [c.chainId, [c.rpcUrl]])),
    providers: [
      EthereumProvider({
        getWalletClient: async () => walletClient(current),
        switchChain: async (chainId) => {
          current = chainId;
          return walletClient(chainId);
        },
      }),
    ],
  });
}

beforeAll(async () => {
  devnet = await startDevnet({ timeFactor: TIME_FACTOR, chainIds: [1, 42161] });
  service = await startServer({
    devnet,
    dialect: 'lifi',
    timeFactor: TIME_FACTOR,
    logLevel: 'silent',
    rateLimit: { disabled: true },
  });
  // Every request of the SDK (and of viem) must stay on this machine: no li.quest, no registry, no public RPC.
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requested.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') throw new Error(`off-loopback request: ${url}`);
    return realFetch(input, init);
  }) as typeof fetch;
}, 120_000);

afterAll(async () => {
  globalThis.fetch = realFetch;
  await service?.close();
  await devnet?.stop();
});

async function execute(route: Route): Promise<RouteExtended> {
  const client = sdkClient();
  const done = await executeRoute(client, route);
  const step = done.steps[0]!;
  const actions = step.execution?.actions ?? [];
  expect(step.execution?.status).toBe('DONE');
  return { ...done, steps: [{ ...step, execution: { ...step.execution!, actions } }] };
}

describe('the LI.FI SDK against the devnet in the lifi dialect', () => {
  it('bridges USDC Ethereum → Arbitrum to DONE through AcrossFacetV4 at the diamond address', async () => {
    const client = sdkClient();
    const amount = 250_000_000n; // 250 USDC
    const { routes } = await getRoutes(client, {
      fromChainId: 1,
      toChainId: 42161,
      fromTokenAddress: USDC_ETHEREUM,
      toTokenAddress: USDC_ARBITRUM,
      fromAmount: amount.toString(),
      fromAddress: account.address,
    });
    // Several bridges offer this transfer (the table below sends through each); this one is Across's.
    const route = routes.find((r) => r.steps[0]!.tool === 'across')!;
    expect(route.steps[0]!.estimate.approvalAddress).toBe(LIFI_DIAMOND_ADDRESS);

    const sourceBefore = await balanceOf(1, USDC_ETHEREUM);
    const destinationBefore = await balanceOf(42161, USDC_ARBITRUM);
    const done = await execute(route);

    const step = done.steps[0]!;
    const actionTypes = step.execution!.actions.map((a) => `${a.type}:${a.status}`);
    expect(actionTypes).toContain('SET_ALLOWANCE:DONE');
    expect(actionTypes).toContain('CROSS_CHAIN:DONE');
    const sent = step.execution!.actions.find((a) => a.type === 'CROSS_CHAIN')!.txHash as `0x${string}`;
    const tx = await publicClient(1).getTransaction({ hash: sent });
    expect(tx.to?.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
    expect(decodeFunctionData({ abi: lifiDiamondAbi, data: tx.input }).functionName).toBe(
      'startBridgeTokensViaAcrossV4',
    );

    // The receiver gets exactly what the signed step quoted (Across pays outputAmount); the sender pays exactly
    // fromAmount. The SDK re-prices the step at stepTransaction, and the devnet's gas price drifts between the two
    // calls (anvil lowers the base fee on empty blocks), so the signed estimate, not the route's, is the exact one.
    const signed = BigInt(step.estimate.toAmount);
    expect(signed).toBeGreaterThanOrEqual(BigInt(route.toAmountMin));
    expect(sourceBefore - (await balanceOf(1, USDC_ETHEREUM))).toBe(amount);
    expect((await balanceOf(42161, USDC_ARBITRUM)) - destinationBefore).toBe(signed);
    expect(step.execution!.toAmount).toBe(step.estimate.toAmount);
  }, 120_000);

  it('bridges USDC Ethereum → a Solana wallet: placeholder in BridgeData, the key in Across data, SPL delivered', async () => {
    const client = sdkClient();
    const solana = devnet.solana!;
    const receiver = (await generateKeyPairSigner()).address;
    const amount = 120_000_000n; // 120 USDC
    const { routes } = await getRoutes(client, {
      fromChainId: 1,
      toChainId: SOLANA,
      fromTokenAddress: USDC_ETHEREUM,
      toTokenAddress: USDC_SOLANA,
      fromAmount: amount.toString(),
      fromAddress: account.address,
      toAddress: receiver,
    });
    const route = routes.find((r) => r.steps[0]!.tool === 'across')!;
    expect(route.toAddress).toBe(receiver);
    const done = await execute(route);

    const step = done.steps[0]!;
    const sent = step.execution!.actions.find((a) => a.type === 'CROSS_CHAIN')!.txHash as `0x${string}`;
    const tx = await publicClient(1).getTransaction({ hash: sent });
    const call = decodeFunctionData({ abi: lifiDiamondAbi, data: tx.input });
    if (call.functionName !== 'startBridgeTokensViaAcrossV4') throw new Error(call.functionName);
    const [bridgeData, acrossData] = call.args;
    expect(bridgeData.receiver).toBe(LIFI_NON_EVM_ADDRESS);
    expect(bridgeData.destinationChainId).toBe(BigInt(SOLANA));
    expect(wordToSolanaAddress(acrossData.receiverAddress)).toBe(receiver);
    expect(wordToSolanaAddress(acrossData.receivingAssetId)).toBe(USDC_SOLANA);
    // The receiver's SPL balance rose by what the signed step quoted, at least the route's minimum.
    const received = await solana.tokenBalance(receiver, USDC_SOLANA);
    expect(received).toBe(BigInt(step.estimate.toAmount));
    expect(received).toBeGreaterThanOrEqual(BigInt(route.toAmountMin));
    const receiving = step.execution!.actions.find((a) => a.type === 'CROSS_CHAIN')!;
    expect(receiving.status).toBe('DONE');
  }, 120_000);

  it('swaps USDC for DAI on Ethereum to DONE through GenericSwapFacetV3', async () => {
    const client = sdkClient();
    const amount = 1_000_000_000n; // 1,000 USDC
    const { routes } = await getRoutes(client, {
      fromChainId: 1,
      toChainId: 1,
      fromTokenAddress: USDC_ETHEREUM,
      toTokenAddress: DAI_ETHEREUM,
      fromAmount: amount.toString(),
      fromAddress: account.address,
    });
    const route = routes[0]!;
    const usdcBefore = await balanceOf(1, USDC_ETHEREUM);
    const daiBefore = await balanceOf(1, DAI_ETHEREUM);
    const done = await execute(route);

    const step = done.steps[0]!;
    const sent = step.execution!.actions.find((a) => a.type === 'SWAP')!.txHash as `0x${string}`;
    const tx = await publicClient(1).getTransaction({ hash: sent });
    expect(tx.to?.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
    expect(decodeFunctionData({ abi: lifiDiamondAbi, data: tx.input }).functionName).toBe(
      'swapTokensSingleV3ERC20ToERC20',
    );
    const received = (await balanceOf(1, DAI_ETHEREUM)) - daiBefore;
    expect(usdcBefore - (await balanceOf(1, USDC_ETHEREUM))).toBe(amount);
    // Nobody else trades on this devnet: the pool gives exactly the quote.
    expect(received).toBe(BigInt(route.toAmount));
    expect(received).toBeGreaterThanOrEqual(BigInt(route.toAmountMin));
  }, 120_000);

  it('swaps native ETH into USDC on Arbitrum and bridges it to Ethereum through swapAndStartBridgeTokensViaAcrossV4', async () => {
    const client = sdkClient();
    const amount = 10n ** 17n; // 0.1 ETH
    const { routes } = await getRoutes(client, {
      fromChainId: 42161,
      toChainId: 1,
      fromTokenAddress: '0x0000000000000000000000000000000000000000',
      toTokenAddress: USDC_ETHEREUM,
      fromAmount: amount.toString(),
      fromAddress: account.address,
    });
    // The one-transaction route (a swap, then the bridge); others bridge ETH and swap it on Ethereum in a second step.
    const route = routes.find((r) => r.steps.length === 1 && r.steps[0]!.tool === 'across')!;
    expect(route.steps[0]!.includedSteps.map((s) => s.type)).toEqual(['swap', 'cross']);
    const ethBefore = await publicClient(42161).getBalance({ address: account.address });
    const usdcBefore = await balanceOf(1, USDC_ETHEREUM);
    const done = await execute(route);

    const sent = done.steps[0]!.execution!.actions.find((a) => a.type === 'CROSS_CHAIN')!.txHash as `0x${string}`;
    const [tx, receipt] = await Promise.all([
      publicClient(42161).getTransaction({ hash: sent }),
      publicClient(42161).getTransactionReceipt({ hash: sent }),
    ]);
    expect(decodeFunctionData({ abi: lifiDiamondAbi, data: tx.input }).functionName).toBe(
      'swapAndStartBridgeTokensViaAcrossV4',
    );
    expect(tx.value).toBe(amount);
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(ethBefore - (await publicClient(42161).getBalance({ address: account.address }))).toBe(amount + gas);
    // outputAmount follows the swap's real output through the multiplier: the signed step's quote (re-priced at
    // stepTransaction, see the first test), give or take rounding, and never under the route's minimum.
    const signed = BigInt(done.steps[0]!.estimate.toAmount);
    const received = (await balanceOf(1, USDC_ETHEREUM)) - usdcBefore;
    expect(received).toBeGreaterThanOrEqual(BigInt(route.toAmountMin));
    expect(received).toBeLessThanOrEqual(signed);
    expect(signed - received).toBeLessThan(2n);
  }, 120_000);

  it('bridges ETH Ethereum → ETH Arbitrum naming WETH on both sides, as production does, and ETH arrives', async () => {
    const client = sdkClient();
    const amount = 5n * 10n ** 16n; // 0.05 ETH
    const { routes } = await getRoutes(client, {
      fromChainId: 1,
      toChainId: 42161,
      fromTokenAddress: NATIVE,
      toTokenAddress: NATIVE,
      fromAmount: amount.toString(),
      fromAddress: account.address,
    });
    const route = routes.find((r) => r.steps.length === 1 && r.steps[0]!.tool === 'across')!;
    const before = await publicClient(42161).getBalance({ address: account.address });
    const done = await execute(route);

    const sent = done.steps[0]!.execution!.actions.find((a) => a.type === 'CROSS_CHAIN')!.txHash as `0x${string}`;
    const tx = await publicClient(1).getTransaction({ hash: sent });
    const call = decodeFunctionData({ abi: acrossFacetV4Abi, data: tx.input });
    expect(call.functionName).toBe('startBridgeTokensViaAcrossV4');
    const [bridgeData, acrossData] = call.args as unknown as [
      { sendingAssetId: string },
      { sendingAssetId: string; receivingAssetId: string },
    ];
    // BridgeData names the native coin; Across's own data names each side's WETH, which Across unwraps on arrival
    // (recorded production calldata does the same: testing/wallet/lifiProductionCalldata.ts).
    expect(bridgeData.sendingAssetId).toBe(NATIVE);
    expect(acrossData.sendingAssetId).toBe(pad(WETH_ETHEREUM.toLowerCase() as Address));
    expect(acrossData.receivingAssetId).toBe(pad(WETH_ARBITRUM.toLowerCase() as Address));
    expect(tx.value).toBe(amount);
    const received = (await publicClient(42161).getBalance({ address: account.address })) - before;
    expect(received).toBe(BigInt(done.steps[0]!.estimate.toAmount));
    expect(received).toBeGreaterThanOrEqual(BigInt(route.toAmountMin));
    expect(done.steps[0]!.execution!.toToken?.address).toBe(NATIVE);
  }, 120_000);

  it('executes a two-step route: bridge USDC to Arbitrum, then swap it to ARB with a second signature there', async () => {
    const client = sdkClient();
    const amount = 120_000_000n; // 120 USDC
    const { routes } = await getRoutes(client, {
      fromChainId: 1,
      toChainId: 42161,
      fromTokenAddress: USDC_ETHEREUM,
      toTokenAddress: ARB_ARBITRUM,
      fromAmount: amount.toString(),
      fromAddress: account.address,
      options: { allowSwitchChain: true },
    });
    // ARB trades on Arbitrum only: every route bridges a coin, then swaps it there in a step of its own.
    const route = routes.find((r) => r.steps[0]!.tool === 'across' && r.steps[0]!.action.toToken.symbol === 'USDC')!;
    expect(
      route.steps.map((s) => [s.action.fromChainId, s.action.toChainId, s.includedSteps.map((i) => i.type)]),
    ).toEqual([
      [1, 42161, ['cross']],
      [42161, 42161, ['swap']],
    ]);
    expect(route.containsSwitchChain).toBe(true);
    expect(route.steps[1]!.action.fromAmount).toBe(route.steps[0]!.estimate.toAmount);
    expect(route.toAmountMin).toBe(route.steps[1]!.estimate.toAmountMin);
    const usdcBefore = await balanceOf(1, USDC_ETHEREUM);
    const arbBefore = await balanceOf(42161, ARB_ARBITRUM);
    const usdcArbBefore = await balanceOf(42161, USDC_ARBITRUM);

    const done = await executeRoute(client, route);
    expect(done.steps.map((s) => s.execution?.status)).toEqual(['DONE', 'DONE']);
    const [bridge, swap] = done.steps as [RouteExtended['steps'][0], RouteExtended['steps'][0]];
    const bridgeTx = bridge.execution!.actions.find((a) => a.type === 'CROSS_CHAIN')!.txHash as `0x${string}`;
    const swapTx = swap.execution!.actions.find((a) => a.type === 'SWAP')!.txHash as `0x${string}`;
    expect(
      decodeFunctionData({
        abi: lifiDiamondAbi,
        data: (await publicClient(1).getTransaction({ hash: bridgeTx })).input,
      }).functionName,
    ).toBe('startBridgeTokensViaAcrossV4');
    const second = await publicClient(42161).getTransaction({ hash: swapTx });
    expect(second.to?.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
    expect(decodeFunctionData({ abi: lifiDiamondAbi, data: second.input }).functionName).toBe(
      'swapTokensSingleV3ERC20ToERC20',
    );
    // The second step swapped exactly what the first delivered (the SDK asks for it with the received amount).
    const delivered = BigInt(bridge.execution!.toAmount!);
    expect(swap.action.fromAmount).toBe(delivered.toString());
    expect(usdcBefore - (await balanceOf(1, USDC_ETHEREUM))).toBe(amount);
    expect(await balanceOf(42161, USDC_ARBITRUM)).toBe(usdcArbBefore);
    const received = (await balanceOf(42161, ARB_ARBITRUM)) - arbBefore;
    expect(received).toBe(BigInt(swap.estimate.toAmount));
    expect(received).toBeGreaterThanOrEqual(BigInt(route.toAmountMin));
  }, 180_000);

  it('with fromAmountForGas, pays gas on Arbitrum through the GasZipPeriphery to a person holding none, who signs step 2 with it', async () => {
    const client = sdkClient();
    const amount = 120_000_000n; // 120 USDC
    const gas = 4_000_000n; // 4 USDC of it as ETH on Arbitrum
    const arbitrum = publicClient(42161);
    const setEth = (wei: bigint) =>
      arbitrum.request({
        method: 'anvil_setBalance' as never,
        params: [account.address, `0x${wei.toString(16)}`] as never,
      });
    const ethBefore = await arbitrum.getBalance({ address: account.address });
    await setEth(0n);
    try {
      const { routes } = await getRoutes(client, {
        fromChainId: 1,
        toChainId: 42161,
        fromTokenAddress: USDC_ETHEREUM,
        toTokenAddress: ARB_ARBITRUM,
        fromAmount: amount.toString(),
        fromAddress: account.address,
        fromAmountForGas: gas.toString(),
        options: { allowSwitchChain: true },
      });
      const route = routes.find((r) => r.steps[0]!.tool === 'across' && r.steps[0]!.action.toToken.symbol === 'USDC')!;
      const gasStep = route.steps[0]!.includedSteps[0]!;
      expect(gasStep).toMatchObject({ type: 'protocol', tool: 'gasZip' });
      expect(route.steps[1]!.includedSteps.map((i) => i.type)).toEqual(['swap']);
      const usdcBefore = await balanceOf(1, USDC_ETHEREUM);

      const done = await executeRoute(client, route);
      expect(done.steps.map((s) => s.execution?.status)).toEqual(['DONE', 'DONE']);
      const bridgeTx = done.steps[0]!.execution!.actions.find((a) => a.type === 'CROSS_CHAIN')!.txHash as `0x${string}`;
      const call = decodeFunctionData({
        abi: lifiDiamondAbi,
        data: (await publicClient(1).getTransaction({ hash: bridgeTx })).input,
      });
      expect(call.functionName).toBe('swapAndStartBridgeTokensViaAcrossV4');
      expect(usdcBefore - (await balanceOf(1, USDC_ETHEREUM))).toBe(amount);

      // Step 2 was signed and paid for on Arbitrum from the gas that arrived: the account held none before. What is
      // left is what arrived less what step 2's approval and swap cost there.
      const swapTx = done.steps[1]!.execution!.actions.find((a) => a.type === 'SWAP')!.txHash as `0x${string}`;
      const receipts = await Promise.all(
        (done.steps[1]!.execution!.actions.map((a) => a.txHash).filter(Boolean) as `0x${string}`[]).map((hash) =>
          arbitrum.getTransactionReceipt({ hash }),
        ),
      );
      expect(receipts.map((r) => r.status)).toContain('success');
      expect(receipts.some((r) => r.transactionHash === swapTx)).toBe(true);
      const spent = receipts.reduce((sum, r) => sum + r.gasUsed * r.effectiveGasPrice, 0n);
      const arrived = (await arbitrum.getBalance({ address: account.address })) + spent;
      const signedGas = done.steps[0]!.includedSteps.find((i) => i.tool === 'gasZip')!;
      expect(arrived).toBe(BigInt(signedGas.estimate.toAmount));
      expect(arrived).toBeGreaterThanOrEqual(BigInt(gasStep.estimate.toAmountMin));
    } finally {
      await setEth(ethBefore);
    }
  }, 180_000);

  /** Each bridge facet of the devnet diamond, one transfer each (contracts/LiFiDev*Facet.sol). */
  const BRIDGES: readonly {
    tool: string;
    facet: string;
    from: Address;
    to: Address;
    amount: bigint;
    read: (chainId: number) => Promise<bigint>;
  }[] = [
    ...(
      [
        ['relay', 'startBridgeTokensViaRelayDepository'],
        ['stargateV2', 'startBridgeTokensViaStargate'],
        ['mayan', 'startBridgeTokensViaMayan'],
        ['dln', 'startBridgeTokensViaDeBridgeDln'],
        ['celercircle', 'startBridgeTokensViaCelerCircleBridge'],
        ['polymer', 'startBridgeTokensViaPolymerCCTP'],
        ['glacis', 'startBridgeTokensViaGlacis'],
        ['near', 'startBridgeTokensViaNEARIntents'],
        ['chainflip', 'startBridgeTokensViaChainflip'],
        ['symbiosis', 'startBridgeTokensViaSymbiosis'],
      ] as const
    ).map(([tool, facet]) => ({
      tool,
      facet,
      from: USDC_ETHEREUM,
      to: USDC_ARBITRUM,
      amount: 150_000_000n, // 150 USDC
      read: (chainId: number) => balanceOf(chainId, chainId === 1 ? USDC_ETHEREUM : USDC_ARBITRUM),
    })),
    {
      tool: 'gasZipBridge',
      facet: 'startBridgeTokensViaGasZip',
      from: NATIVE,
      to: NATIVE,
      amount: 10n ** 16n, // 0.01 ETH
      read: (chainId: number) => publicClient(chainId).getBalance({ address: account.address }),
    },
  ];

  for (const bridge of BRIDGES) {
    it(`bridges Ethereum → Arbitrum to DONE through ${bridge.tool}'s facet (${bridge.facet})`, async () => {
      const client = sdkClient();
      const { routes } = await getRoutes(client, {
        fromChainId: 1,
        toChainId: 42161,
        fromTokenAddress: bridge.from,
        toTokenAddress: bridge.to,
        fromAmount: bridge.amount.toString(),
        fromAddress: account.address,
        options: { bridges: { allow: [bridge.tool] } },
      });
      const route = routes.find((r) => r.steps.length === 1 && r.steps[0]!.tool === bridge.tool)!;
      expect(route.steps[0]!.includedSteps.map((s) => s.type)).toEqual(['cross']);
      const before = await bridge.read(42161);
      const done = await execute(route);

      const step = done.steps[0]!;
      const sent = step.execution!.actions.find((a) => a.type === 'CROSS_CHAIN')!.txHash as `0x${string}`;
      const [tx, receipt] = await Promise.all([
        publicClient(1).getTransaction({ hash: sent }),
        publicClient(1).getTransactionReceipt({ hash: sent }),
      ]);
      expect(tx.to?.toLowerCase()).toBe(LIFI_DIAMOND_ADDRESS.toLowerCase());
      expect(tx.input.slice(0, 10)).toBe(toFunctionSelector(facetFunction(bridge.facet)));
      // Every bridge facet announces the transfer as production's do.
      const started = parseEventLogs({ abi: lifiBridgeEvents, logs: receipt.logs, eventName: 'LiFiTransferStarted' });
      expect(started.map((e) => e.args.bridgeData.bridge)).toEqual([bridge.tool]);
      // A DLN order of a token carries DLN's fixed fee beside it, as production's facet reads it from DlnSource.
      const fee = bridge.tool === 'dln' ? DLN_DEVNET_FIXED_FEE : 0n;
      expect(tx.value).toBe((bridge.from === NATIVE ? bridge.amount : 0n) + fee);
      // The relayer pays the signed quote: the facet's minimum where its calldata has one, raised to what the twin
      // quoted for this transactionId (the bridge's promise) where it has none or a lower one.
      const received = (await bridge.read(42161)) - before;
      expect(received).toBe(BigInt(step.estimate.toAmount));
      expect(received).toBeGreaterThanOrEqual(BigInt(route.toAmountMin));
    }, 120_000);
  }

  for (const [tool, facet] of [
    ['mayan', 'startBridgeTokensViaMayan'],
    ['dln', 'startBridgeTokensViaDeBridgeDln'],
    ['near', 'startBridgeTokensViaNEARIntents'],
    ['chainflip', 'startBridgeTokensViaChainflip'],
  ] as const) {
    it(`bridges USDC Ethereum → a Solana wallet to DONE through ${tool}'s facet`, async () => {
      const client = sdkClient();
      const receiver = (await generateKeyPairSigner()).address;
      const { routes } = await getRoutes(client, {
        fromChainId: 1,
        toChainId: SOLANA,
        fromTokenAddress: USDC_ETHEREUM,
        toTokenAddress: USDC_SOLANA,
        fromAmount: '110000000',
        fromAddress: account.address,
        toAddress: receiver,
        options: { bridges: { allow: [tool] } },
      });
      const route = routes.find((r) => r.steps[0]!.tool === tool)!;
      const done = await execute(route);
      const step = done.steps[0]!;
      const sent = step.execution!.actions.find((a) => a.type === 'CROSS_CHAIN')!.txHash as `0x${string}`;
      const receipt = await publicClient(1).getTransactionReceipt({ hash: sent });
      expect((await publicClient(1).getTransaction({ hash: sent })).input.slice(0, 10)).toBe(
        toFunctionSelector(facetFunction(facet)),
      );
      // The Solana key is named in an event as production's facets name it (bytes or a 32-byte word).
      const named = parseEventLogs({ abi: lifiBridgeEvents, logs: receipt.logs }).flatMap((e) =>
        e.eventName === 'BridgeToNonEVMChainBytes32' || e.eventName === 'BridgeToNonEVMChain'
          ? [wordToSolanaAddress(e.args.receiver as `0x${string}`)]
          : [],
      );
      expect(named).toEqual([receiver]);
      const received = await devnet.solana!.tokenBalance(receiver, USDC_SOLANA);
      expect(received).toBe(BigInt(step.estimate.toAmount));
      expect(received).toBeGreaterThanOrEqual(BigInt(route.toAmountMin));
    }, 120_000);
  }

  it('used only the service endpoints production has, on loopback', () => {
    const service = requested.filter((r) => r.includes(' /v1/'));
    expect(service.some((r) => r === 'GET /v1/chains')).toBe(true);
    expect(service.some((r) => r === 'POST /v1/advanced/routes')).toBe(true);
    expect(service.some((r) => r === 'POST /v1/advanced/stepTransaction')).toBe(true);
    expect(service.some((r) => r === 'GET /v1/status')).toBe(true);
  });
});
