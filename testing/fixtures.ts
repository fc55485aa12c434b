/**
 * Spec-valid payloads, shaped like the spec's examples, for scripting the loopback server. Each builder returns a
 * fresh object so a test can break one field without touching the others.
 */

export const ZERO = '0x0000000000000000000000000000000000000000';
export const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
export const WALLET = '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0';
export const RECIPIENT = '0x1111111111111111111111111111111111111111';
export const ROUTER = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
export const TX_HASH = `0x${'ab'.repeat(32)}`;

export const usdcEth = () => ({ address: USDC_ETH, chainId: '1', symbol: 'USDC', decimals: 6, name: 'USD Coin' });
export const usdcArb = () => ({ address: USDC_ARB, chainId: '42161', symbol: 'USDC', decimals: 6, name: 'USD Coin' });
export const eth = () => ({ address: ZERO, chainId: '1', symbol: 'ETH', decimals: 18, name: 'Ether' });

export const chain = () => ({
  id: 1,
  key: 'eth',
  name: 'Ethereum',
  chainType: 'EVM',
  coin: 'ETH',
  mainnet: true,
  logoURI: 'https://example.org/eth.svg',
  nativeToken: { ...eth(), priceUSD: '3000.12' },
  wallet: {
    chainId: '0x1',
    chainName: 'Ethereum Mainnet',
    blockExplorerUrls: ['https://etherscan.io/'],
    rpcUrls: ['https://rpc.example.org'],
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
  multicallAddress: '0xcA11bde05977b3631167028862bE2a173976CA11',
});

export const chainsResponse = () => ({ chains: [chain()] });

export const tokensResponse = () => ({
  tokens: {
    '1': [{ ...usdcEth(), priceUSD: '0.9998', coinKey: 'USDC' }, eth()],
    '42161': [usdcArb()],
  },
});

export const toolsResponse = () => ({
  bridges: [{ key: 'across', name: 'Across', supportedChains: [1, 42161] }],
  exchanges: [{ key: 'uniswap', name: 'Uniswap', logoURI: 'https://example.org/uni.svg', supportedChains: [1] }],
});

const action = () => ({
  fromChainId: '1',
  toChainId: '42161',
  fromToken: usdcEth(),
  toToken: usdcArb(),
  fromAmount: '1000000',
  slippage: 0.005,
  fromAddress: WALLET,
  toAddress: WALLET,
});

const estimate = () => ({
  tool: 'across',
  fromAmount: '1000000',
  toAmount: '998000',
  toAmountMin: '993010',
  approvalAddress: ROUTER,
  executionDuration: 60,
  feeCosts: [
    {
      name: 'Relayer fee',
      description: 'Paid to the relayer',
      token: { address: USDC_ETH, chainId: '1', symbol: 'USDC', decimals: 6 },
      amount: '2000',
      amountUSD: '0.002',
      percentage: '0.002',
      included: true,
    },
  ],
  gasCosts: [
    {
      type: 'SEND',
      price: '20000000000',
      estimate: '150000',
      limit: '200000',
      amount: '3000000000000000',
      amountUSD: '9.00',
      token: eth(),
    },
  ],
});

export const quote = () => ({
  id: 'quote-1',
  type: 'bridge',
  tool: 'across',
  toolDetails: { key: 'across', name: 'Across', logoURI: 'https://example.org/across.svg' },
  action: action(),
  estimate: estimate(),
  transactionRequest: {
    from: WALLET,
    to: ROUTER,
    chainId: '1',
    data: '0xdeadbeef',
    value: '0x0',
    gasPrice: '0x4a817c800',
    gasLimit: '0x30d40',
  },
});

export const route = (id = 'route-1') => ({
  id,
  type: 'bridge',
  tool: 'across',
  toolDetails: { key: 'across', name: 'Across' },
  action: action(),
  estimate: estimate(),
});

export const routesResponse = () => ({ routes: [route('route-1'), route('route-2')] });

/** A step as sent to /v1/advanced/stepTransaction. */
export const step = () => ({ ...route('step-1'), includedSteps: [] });

export const stepTransactionResponse = () => ({
  ...step(),
  transactionRequest: {
    from: WALLET,
    to: ROUTER,
    chainId: '1',
    data: '0xdeadbeef',
    value: '0',
    gasPrice: null,
    gasLimit: '200000',
  },
  execution: null,
});

const leg = (chainId: string, token: ReturnType<typeof usdcEth>, amount: string) => ({
  txHash: TX_HASH,
  txLink: `https://etherscan.io/tx/${TX_HASH}`,
  amount,
  token,
  chainId,
  timestamp: 1_700_000_000,
});

export const statusDone = () => ({
  status: 'DONE',
  substatus: 'COMPLETED',
  sending: leg('1', usdcEth(), '1000000'),
  receiving: leg('42161', usdcArb(), '998000'),
  tool: 'across',
  fromChainId: 1,
  toChainId: 42161,
});

export const errorBody = (code: number, message: string, errors?: unknown[]) => ({
  message,
  code,
  ...(errors ? { errors } : {}),
});
