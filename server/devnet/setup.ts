import { encodeFunctionData, maxUint256, toHex } from 'viem';
import { ARBITRUM_PARENT_GATEWAY_ROUTERS } from '../../src/contracts/arbitrumGateways';
import { DLN_SOURCE_ADDRESS } from '../../src/contracts/dlnSource';
import { LIFI_DIAMOND_ADDRESS } from '../../src/contracts/lifiDiamond';
import { ROUTER_ADDRESS } from '../../src/contracts/router';
import { adminAccount, relayerAccount, userAccounts } from './accounts';
import { arbitrumGatewayRouterDevDeployedBytecode } from './artifacts/ArbitrumGatewayRouterDev';
import { bridgeRouterAbi, bridgeRouterDeployedBytecode } from './artifacts/BridgeRouter';
import { devTokenAbi, devTokenDeployedBytecode } from './artifacts/DevToken';
import { dlnSourceDevDeployedBytecode } from './artifacts/DlnSourceDev';
import { liFiDiamondDevDeployedBytecode } from './artifacts/LiFiDiamondDev';
import { multicall3DevDeployedBytecode } from './artifacts/Multicall3Dev';
import { DEV_FACETS, GAS_ZIP_PERIPHERY } from './lifiFacets';
import { type RpcCall, rpc, rpcBatch } from './rpc';
import type { SeedPlan } from './seedPlan';

type Tx = { to: `0x${string}`; data: `0x${string}`; value?: bigint; gas: bigint };

const NATIVE = '0x0000000000000000000000000000000000000000';
/** Arbitrum One's token bridge on Ethereum, where the devnet installs its stand-in on every chain. */
const ARBITRUM_GATEWAY_ROUTER = ARBITRUM_PARENT_GATEWAY_ROUTERS[42161]!.router;
/** Multicall3's canonical address (the same on every EVM mainnet). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

/**
 * Installs the contracts at their real addresses and seeds one fresh chain. Every transaction is sent in one
 * JSON-RPC batch with explicit nonces while automining is off, then mined into (usually) a single block: about a
 * hundred transactions cost one round trip and a few milliseconds instead of one block each.
 */
export async function setupChain(rpcUrl: string, plan: SeedPlan): Promise<void> {
  const admin = adminAccount().address;
  const [, , nonceHex] = await rpcBatch(rpcUrl, [
    { method: 'evm_setAutomine', params: [false] },
    // Enough native coin for the native side of every pool and the native bridge liquidity.
    { method: 'anvil_setBalance', params: [admin, toHex(10n ** 30n)] },
    { method: 'eth_getTransactionCount', params: [admin, 'pending'] },
    { method: 'anvil_setCode', params: [ROUTER_ADDRESS, bridgeRouterDeployedBytecode] },
    // LI.FI's diamond address runs the devnet's diamond-compatible router (contracts/LiFiDiamondDev.sol): no
    // storage to initialise, it swaps and bridges through ROUTER_ADDRESS.
    { method: 'anvil_setCode', params: [LIFI_DIAMOND_ADDRESS, liFiDiamondDevDeployedBytecode] },
    // Its bridge facets, which it runs by delegatecall from its fallback as a diamond does.
    ...DEV_FACETS.map((facet) => ({ method: 'anvil_setCode', params: [facet.address, facet.bytecode] })),
    // Gas.zip's periphery, which a bridge call's swap step calls for gas on arrival (`fromAmountForGas`).
    { method: 'anvil_setCode', params: [GAS_ZIP_PERIPHERY.address, GAS_ZIP_PERIPHERY.bytecode] },
    // deBridge's DlnSource at its production address: it answers the fixed fee the extension reads on chain.
    { method: 'anvil_setCode', params: [DLN_SOURCE_ADDRESS, dlnSourceDevDeployedBytecode] },
    // Arbitrum's L1 GatewayRouter at its production address: it names the token an ERC-20 becomes on Arbitrum.
    { method: 'anvil_setCode', params: [ARBITRUM_GATEWAY_ROUTER, arbitrumGatewayRouterDevDeployedBytecode] },
    // Multicall3 at its canonical address, as on every mainnet: wallets and the LI.FI SDK read balances through it.
    { method: 'anvil_setCode', params: [MULTICALL3_ADDRESS, multicall3DevDeployedBytecode] },
    ...plan.tokens.map((token) => ({ method: 'anvil_setCode', params: [token.address, devTokenDeployedBytecode] })),
  ]);

  const txs = setupTransactions(plan);
  let nonce = Number(BigInt(nonceHex as string));
  const sends: RpcCall[] = txs.map((tx) => ({
    method: 'eth_sendTransaction',
    params: [
      {
        from: admin,
        to: tx.to,
        data: tx.data,
        value: toHex(tx.value ?? 0n),
        gas: toHex(tx.gas),
        nonce: toHex(nonce++),
      },
    ],
  }));
  const hashes = (await rpcBatch(rpcUrl, sends)) as `0x${string}`[];

  for (let block = 0; block < 20; block++) {
    await rpc(rpcUrl, 'evm_mine');
    const pool = (await rpc(rpcUrl, 'txpool_status')) as { pending: string };
    if (BigInt(pool.pending) === 0n) break;
  }
  const receipts = (await rpcBatch(
    rpcUrl,
    hashes.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
  )) as ({ status: string } | null)[];
  await rpc(rpcUrl, 'evm_setAutomine', [true]);
  const failed = receipts.findIndex((receipt) => receipt?.status !== '0x1');
  if (failed >= 0) throw new Error(`devnet set-up transaction ${failed} failed on chain ${plan.chainId}`);
}

function setupTransactions(plan: SeedPlan): Tx[] {
  const admin = adminAccount().address;
  const router = (functionName: string, args: readonly unknown[], gas: bigint, value?: bigint): Tx => ({
    to: ROUTER_ADDRESS,
    // biome-ignore lint/suspicious/noExplicitAny: one helper for every router function keeps the plan readable.
    data: encodeFunctionData({ abi: bridgeRouterAbi, functionName, args } as any),
    gas,
    value,
  });
  const token = (address: `0x${string}`, functionName: string, args: readonly unknown[], gas: bigint): Tx => ({
    to: address,
    // biome-ignore lint/suspicious/noExplicitAny: as above, for the token's functions.
    data: encodeFunctionData({ abi: devTokenAbi, functionName, args } as any),
    gas,
  });

  const needed = new Map<string, bigint>();
  const need = (address: string, amount: bigint) =>
    needed.set(address.toLowerCase(), (needed.get(address.toLowerCase()) ?? 0n) + amount);
  for (const pool of plan.pools) {
    need(pool.tokenA, pool.amountA);
    need(pool.tokenB, pool.amountB);
  }
  for (const entry of plan.bridgeLiquidity) need(entry.token, entry.amount);

  const txs: Tx[] = [router('initialize', [admin, relayerAccount().address], 120_000n)];
  for (const t of plan.tokens) {
    txs.push(token(t.address, 'initialize', [t.name, t.symbol, t.decimals, t.approveResetRequired, admin], 250_000n));
    txs.push(token(t.address, 'mint', [admin, needed.get(t.address.toLowerCase()) ?? 0n], 120_000n));
    txs.push(token(t.address, 'approve', [ROUTER_ADDRESS, maxUint256], 80_000n));
  }
  const nativeOf = (address: string, amount: bigint) => (address === NATIVE ? amount : 0n);
  for (const pool of plan.pools) {
    const value = nativeOf(pool.tokenA, pool.amountA) + nativeOf(pool.tokenB, pool.amountB);
    txs.push(
      router('addLiquidity', [pool.tokenA, pool.tokenB, pool.amountA, pool.amountB, plan.feeBps], 300_000n, value),
    );
  }
  for (const entry of plan.bridgeLiquidity) {
    txs.push(router('addBridgeLiquidity', [entry.token, entry.amount], 150_000n, nativeOf(entry.token, entry.amount)));
  }
  for (const user of userAccounts()) {
    for (const mint of plan.userMints) txs.push(token(mint.token, 'mint', [user.address, mint.amount], 120_000n));
  }
  return txs;
}

/**
 * The code of the devnet's stateless contracts (LI.FI's diamond and facets, Gas.zip's periphery, DlnSource,
 * Arbitrum's gateway router, Multicall3) written again over a chain loaded from a state file, so a state saved by an earlier version runs
 * this version's contracts (their storage, if any, is kept).
 */
export async function refreshContractCode(rpcUrl: string): Promise<void> {
  await rpcBatch(rpcUrl, [
    { method: 'anvil_setCode', params: [LIFI_DIAMOND_ADDRESS, liFiDiamondDevDeployedBytecode] },
    ...DEV_FACETS.map((facet) => ({ method: 'anvil_setCode', params: [facet.address, facet.bytecode] })),
    { method: 'anvil_setCode', params: [GAS_ZIP_PERIPHERY.address, GAS_ZIP_PERIPHERY.bytecode] },
    { method: 'anvil_setCode', params: [DLN_SOURCE_ADDRESS, dlnSourceDevDeployedBytecode] },
    { method: 'anvil_setCode', params: [ARBITRUM_GATEWAY_ROUTER, arbitrumGatewayRouterDevDeployedBytecode] },
    { method: 'anvil_setCode', params: [MULTICALL3_ADDRESS, multicall3DevDeployedBytecode] },
  ]);
}

/** A chain loaded from a state file already carries the router; set-up must not run twice. */
export async function isSetUp(rpcUrl: string): Promise<boolean> {
  const code = (await rpc(rpcUrl, 'eth_getCode', [ROUTER_ADDRESS, 'latest'])) as string;
  return code !== '0x' && code.length > 2;
}
