/**
 * Bodies of LI.FI's production API (https://li.quest) as LI.FI publishes them, for the client's tests. There is no
 * network to li.quest here, so each is copied from a public recording; the source is named above each, with every
 * place it was trimmed or completed. Builders return fresh copies so a test can break one field.
 */

/**
 * GET /v1/chains. Ethereum: the example of https://docs.li.fi/api-reference/get-information-about-all-currently-supported-chains
 * (English version, the one that lists `diamondAddress`). Arbitrum: the example of
 * https://docs.li.fi/agents/quick-start/five-call-recipe (Call 1); the stored copy was cut inside its `nativeToken`,
 * completed with the same members as Ethereum's (ETH on 42161, its price and logo left out). Trimmed: the other
 * chains of the listing.
 */
export const lifiChainsBody = () => ({
  chains: [
    {
      key: 'eth',
      name: 'Ethereum',
      coin: 'ETH',
      id: 1,
      mainnet: true,
      chainType: 'EVM',
      logoURI: 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/chains/ethereum.svg',
      tokenlistUrl: 'https://gateway.ipfs.io/ipns/tokens.uniswap.org',
      multicallAddress: '0xcA11bde05977b3631167028862bE2a173976CA11',
      diamondAddress: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
      metamask: {
        chainId: '0x1',
        blockExplorerUrls: ['https://etherscan.io/'],
        chainName: 'Ethereum Mainnet',
        nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161'],
      },
      nativeToken: {
        address: '0x0000000000000000000000000000000000000000',
        decimals: 18,
        symbol: 'ETH',
        chainId: 1,
        coinKey: 'ETH',
        name: 'ETH',
        logoURI: 'https://static.debank.com/image/token/logo_url/eth/935ae4e4d1d12d59a99717a24f2540b5.png',
        priceUSD: '2582.35',
      },
    },
    {
      id: 42161,
      key: 'arb',
      chainType: 'EVM',
      name: 'Arbitrum',
      coin: 'ETH',
      mainnet: true,
      logoURI: 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/chains/arbitrum.svg',
      tokenlistUrl: 'https://bridge.arbitrum.io/token-list-42161.json',
      multicallAddress: '0xcA11bde05977b3631167028862bE2a173976CA11',
      metamask: {
        chainId: '0xa4b1',
        blockExplorerUrls: ['https://arbiscan.io/'],
        chainName: 'Arbitrum One',
        nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['https://arb1.arbitrum.io/rpc'],
      },
      nativeToken: {
        address: '0x0000000000000000000000000000000000000000',
        chainId: 42161,
        symbol: 'ETH',
        decimals: 18,
        name: 'ETH',
        coinKey: 'ETH',
      },
    },
  ],
});

/**
 * GET /v1/tokens?chains=1,42161: the example of https://docs.li.fi/agents/reference/endpoint-specs (GET /tokens).
 * Trimmed as the page trims it: two tokens on Ethereum, Arbitrum's list left empty.
 */
export const lifiTokensBody = () => ({
  tokens: {
    '1': [
      {
        address: '0x0000000000000000000000000000000000000000',
        chainId: 1,
        symbol: 'ETH',
        decimals: 18,
        name: 'ETH',
        coinKey: 'ETH',
        logoURI:
          'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2/logo.png',
        priceUSD: '2923.27',
      },
      {
        address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        chainId: 1,
        symbol: 'USDC',
        decimals: 6,
        name: 'USD Coin',
        coinKey: 'USDC',
        logoURI:
          'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48/logo.png',
        priceUSD: '0.999606',
        tags: ['stablecoin'],
      },
    ],
    '42161': [],
  },
});

/**
 * GET /v1/tools: the example of https://docs.li.fi/agents/reference/endpoint-specs (GET /tools): bridges list
 * chain pairs, exchanges chain IDs. Trimmed as the page trims it (two of each).
 */
export const lifiToolsBody = () => ({
  bridges: [
    {
      key: 'across',
      name: 'AcrossV4',
      logoURI: 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/bridges/across.svg',
      supportedChains: [
        { fromChainId: 1, toChainId: 42161 },
        { fromChainId: 1, toChainId: 10 },
        { fromChainId: 1, toChainId: 137 },
      ],
    },
    {
      key: 'stargate',
      name: 'Stargate',
      logoURI: 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/bridges/stargate.png',
      supportedChains: [
        { fromChainId: 1, toChainId: 42161 },
        { fromChainId: 1, toChainId: 43114 },
      ],
    },
  ],
  exchanges: [
    {
      key: 'uniswap',
      name: 'Uniswap V3',
      logoURI: 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/exchanges/uniswap.png',
      supportedChains: [1, 42161, 10, 137, 8453],
    },
    {
      key: '1inch',
      name: '1inch',
      logoURI: 'https://raw.githubusercontent.com/lifinance/types/main/src/assets/icons/exchanges/oneinch.png',
      supportedChains: [1, 42161, 10, 137, 8453, 43114],
    },
  ],
});

/**
 * A "no quote" error body (HTTP 404): the example of
 * https://docs.li.fi/li.fi-api/li.fi-api/requesting-a-quote/possible-tool-errors. Trimmed: the second tool error
 * (TOOL_TIMEOUT), cut in the stored copy.
 */
export const lifiNoQuoteErrorBody = () => ({
  message: 'Unable to find a quote for the requested transfer.',
  errors: [
    {
      errorType: 'NO_QUOTE',
      code: 'INSUFFICIENT_LIQUIDITY',
      action: {
        fromChainId: 100,
        toChainId: 100,
        fromToken: {
          address: '0x4ecaba5870353805a9f068101a40e0f32ed605c6',
          decimals: 6,
          symbol: 'USDT',
          chainId: 100,
          coinKey: 'USDT',
          name: 'USDT',
          logoURI:
            'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xdAC17F958D2ee523a2206206994597C13D831ec7/logo.png',
          priceUSD: '0.99872',
        },
        toToken: {
          address: '0xddafbb505ad214d7b80b1f830fccc89b60fb7a83',
          decimals: 6,
          symbol: 'USDC',
          chainId: 100,
          coinKey: 'USDC',
          name: 'USDC',
          logoURI:
            'https://raw.githubusercontent.com/trustwallet/assets/master/blockchains/ethereum/assets/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48/logo.png',
        },
        fromAmount: '1',
        slippage: 0.03,
        fromAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
        toAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
      },
      tool: '1inch',
      message: "The tool's liquidity is insufficient.",
    },
  ],
});
