/** Recorded LI.FI route bodies; see catalog.ts in this folder for how they were taken. */

const USDC_ETH = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  chainId: 1,
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
  coinKey: 'USDC',
  logoURI: 'https://...',
  priceUSD: '0.999606',
  tags: ['stablecoin'],
};
const USDC_ARB = { ...USDC_ETH, address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', chainId: 42161 };
const ETH = {
  address: '0x0000000000000000000000000000000000000000',
  chainId: 1,
  symbol: 'ETH',
  decimals: 18,
  name: 'ETH',
  coinKey: 'ETH',
  priceUSD: '2923.27',
};

/**
 * GET /v1/quote (USDC Ethereum → Arbitrum through Across, LI.FI's diamond as the target): the example of
 * https://docs.li.fi/agents/reference/endpoint-specs (GET /quote), which elides parts with comments. Completed:
 * the fee item's token is the quote's own fromToken, the gas item's token the Ethereum native token of the same
 * page. Trimmed: `includedSteps` keeps the `cross` step only (the page elides both steps' action and estimate;
 * given here as the quote's own), and `transactionRequest.data` keeps only the selector the page shows
 * (`0x1794958f`, the rest elided there).
 */
export const lifiQuoteBody = () => {
  const action = {
    fromToken: USDC_ETH,
    fromAmount: '10000000',
    toToken: USDC_ARB,
    fromChainId: 1,
    toChainId: 42161,
    slippage: 0.001,
    fromAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
    toAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
  };
  const estimate = {
    tool: 'across',
    approvalAddress: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
    toAmountMin: '9965731',
    toAmount: '9965731',
    fromAmount: '10000000',
    feeCosts: [
      {
        name: 'LIFI Fixed Fee',
        description: 'Fixed LIFI fee, independent of any other fee',
        token: USDC_ETH,
        amount: '25000',
        amountUSD: '0.0250',
        percentage: '0.0025',
        included: true,
        feeSplit: { integratorFee: '0', lifiFee: '25000' },
      },
    ],
    gasCosts: [
      {
        type: 'SEND',
        price: '65729222',
        estimate: '220266',
        limit: '286346',
        amount: '14477912813052',
        amountUSD: '0.0423',
        token: ETH,
      },
    ],
    executionDuration: 4,
    fromAmountUSD: '9.9961',
    toAmountUSD: '9.9618',
  };
  const toolDetails = {
    key: 'across',
    name: 'AcrossV4',
    logoURI: 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/bridges/across.svg',
  };
  return {
    type: 'lifi',
    id: '9f32864e-d704-46c1-874e-20f492c0ce77:0',
    tool: 'across',
    toolDetails,
    action,
    estimate,
    includedSteps: [
      { id: '529839e7-a048-4abe-99ad-d650a0fe469e', type: 'cross', action, estimate, tool: 'across', toolDetails },
    ],
    integrator: 'lifi-api',
    transactionRequest: {
      value: '0x0',
      to: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
      data: '0x1794958f',
      from: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
      chainId: 1,
      gasPrice: '0x3eaf2c6',
      gasLimit: '0x45e8a',
    },
    transactionId: '0x1695bded7c1634dce4a200bdec72be0ed6cc5f7153ec2dc832b271d790eb00c8',
  };
};

const MIVA_GNOSIS = {
  address: '0x63e62989d9eb2d37dfdb1f93a22f063635b07d51',
  symbol: 'MIVA',
  decimals: 18,
  chainId: 100,
  name: 'Minerva Wallet SuperToken',
  coinKey: 'MIVA',
  priceUSD: '0.04547537276751318',
  logoURI: '',
};
const MIVA_POLYGON = {
  ...MIVA_GNOSIS,
  address: '0xc0b2983a17573660053beeed6fdb1053107cf387',
  chainId: 137,
  priceUSD: '0',
};

/**
 * One route of POST /v1/advanced/routes (MIVA Gnosis → Polygon, one `cross` step through relay): the example of
 * https://docs.li.fi/api-reference/advanced/get-a-set-of-routes-for-a-request-that-describes-a-transfer-of-tokens.
 * The stored copy was cut inside the step's action: its amount is the route's, its estimate the route's totals
 * with the step estimate members of the same page's earlier version (approval address, duration, gas item).
 */
export const lifiRouteBody = () => ({
  id: '0x1e21fad9c26fff48b67ae2925f878e43bf81211da8b1cd9b7faa8bfd8d7ea9d9',
  fromChainId: 100,
  fromAmountUSD: '0.05',
  fromAmount: '1000000000000000000',
  fromToken: MIVA_GNOSIS,
  toChainId: 137,
  toAmountUSD: '0.00',
  toAmount: '999500000000000000',
  toAmountMin: '999500000000000000',
  toToken: MIVA_POLYGON,
  gasCostUSD: '0.00',
  steps: [
    {
      id: '0x48f0a2f93b0d0a9dab992d07c46bca38516c945101e8f8e08ca42af05b9e6aa9',
      type: 'cross',
      tool: 'relay',
      action: {
        fromChainId: 100,
        toChainId: 137,
        fromToken: MIVA_GNOSIS,
        toToken: MIVA_POLYGON,
        fromAmount: '1000000000000000000',
        slippage: 0.003,
      },
      estimate: {
        fromAmount: '1000000000000000000',
        toAmount: '999500000000000000',
        toAmountMin: '999500000000000000',
        tool: 'relay',
        executionDuration: 60,
        approvalAddress: '0x115909BDcbaB21954bEb4ab65FC2aBEE9866fa93',
        feeCosts: [],
        gasCosts: [
          {
            type: 'SEND',
            price: '1',
            estimate: '252364',
            limit: '315455',
            amount: '252364',
            amountUSD: '0.00',
            token: { ...MIVA_GNOSIS, address: '0x0000000000000000000000000000000000000000', symbol: 'xDai' },
          },
        ],
      },
    },
  ],
  tags: ['RECOMMENDED', 'CHEAPEST', 'FASTEST'],
});

/**
 * A route of two steps (two signatures: a swap, then a bridge), as LI.FI returns when a transfer needs a chain
 * switch or a separate swap: built from the recorded route above, its step twice with a new id each. Not a
 * recording of its own.
 */
export const lifiTwoStepRouteBody = () => {
  const route = lifiRouteBody();
  const step = route.steps[0]!;
  return {
    ...route,
    id: '0x2e21fad9c26fff48b67ae2925f878e43bf81211da8b1cd9b7faa8bfd8d7ea9d9',
    steps: [
      { ...step, id: 'step-1', type: 'swap', tool: '1inch' },
      { ...step, id: 'step-2' },
    ],
    tags: [],
  };
};

export const lifiRoutesBody = () => ({
  routes: [lifiRouteBody(), lifiTwoStepRouteBody()],
  unavailableRoutes: { filteredOut: [], failed: [] },
});

const XDAI = {
  address: '0x0000000000000000000000000000000000000000',
  symbol: 'xDai',
  decimals: 18,
  chainId: 100,
  name: 'xDai',
  coinKey: 'xDai',
  priceUSD: '1',
  logoURI: 'https://static.debank.com/image/xdai_token/logo_url/xdai/1207e67652b691ef3bfe04f89f4b5362.png',
};

/**
 * The step of POST /v1/advanced/stepTransaction (xDai → MIVA on Gnosis through 1inch): the request example of
 * https://docs.li.fi/api-reference/advanced/populate-a-step-with-transaction-data. Trimmed: its `includedSteps`.
 */
export const lifiStepBody = () => ({
  id: 'a8dc011a-f52d-4492-9e99-21de64b5453a',
  type: 'lifi',
  tool: '1inch',
  toolDetails: {
    key: '1inch',
    logoURI: 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/exchanges/oneinch.svg',
    name: '1inch',
  },
  action: {
    fromChainId: 100,
    toChainId: 100,
    fromToken: XDAI,
    toToken: {
      name: 'Minerva Wallet SuperToken',
      symbol: 'MIVA',
      coinKey: 'MIVA',
      decimals: 18,
      chainId: 100,
      priceUSD: '1',
      logoURI: 'https://minerva.digital/i/MIVA-Token_200x200.png',
      address: '0x63e62989d9eb2d37dfdb1f93a22f063635b07d51',
    },
    fromAmount: '1000000000000000000',
    slippage: 0.003,
    fromAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
    toAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
  },
  estimate: {
    fromAmount: '1000000000000000000',
    toAmount: '21922914496086353975',
    toAmountMin: '21265227061203763356',
    tool: '1inch',
    executionDuration: 30,
    approvalAddress: '0x1111111254fb6c44bac0bed2854e76f90643097d',
    feeCosts: [],
    gasCosts: [
      {
        type: 'SEND',
        price: '1',
        estimate: '252364',
        limit: '315455',
        amount: '252364',
        amountUSD: '0.00',
        token: XDAI,
      },
    ],
  },
  integrator: 'fee-demo',
});

/**
 * Its answer: the same step with `transactionRequest` (LI.FI answers the step it was sent, populated). The page
 * does not show the answer's transaction; this one has the members and encodings of the recorded quote above
 * (hex value, gas price and limit, numeric chainId, LI.FI's diamond as target), with the value of 1 xDai sent.
 */
export const lifiStepTransactionBody = () => ({
  ...lifiStepBody(),
  transactionRequest: {
    value: '0xde0b6b3a7640000',
    to: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
    data: '0x1794958f',
    from: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
    chainId: 100,
    gasPrice: '0x3eaf2c6',
    gasLimit: '0x4d04f',
  },
});
