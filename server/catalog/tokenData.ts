/**
 * Real mainnet tokens (addresses checked against their EIP-55 checksums by catalog.test.ts). Native coins use the
 * zero address on every chain, Solana included, as the spec's convention says; Solana SPL tokens keep their real
 * mint addresses. Prices are fixed reference prices: the simulation is deterministic.
 */
export type TokenDefinition = {
  symbol: string;
  name: string;
  address: string;
  decimals: number;
  /** Identifier shared by the same asset across chains (LI.FI's coinKey); bridges move assets by coinKey. */
  coinKey: string;
  priceUSD: number;
};

const t = (
  symbol: string,
  name: string,
  address: string,
  decimals: number,
  coinKey: string,
  priceUSD: number,
): TokenDefinition => ({ symbol, name, address, decimals, coinKey, priceUSD });

const ZERO = '0x0000000000000000000000000000000000000000';

export const TOKEN_DEFINITIONS: Readonly<Record<number, readonly TokenDefinition[]>> = {
  1: [
    t('ETH', 'Ether', ZERO, 18, 'ETH', 3000),
    t('USDC', 'USD Coin', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, 'USDC', 1),
    t('USDT', 'Tether USD', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, 'USDT', 1),
    t('DAI', 'Dai Stablecoin', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 18, 'DAI', 1),
    t('WETH', 'Wrapped Ether', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18, 'WETH', 3000),
    t('WBTC', 'Wrapped BTC', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 8, 'WBTC', 60000),
    t('LINK', 'ChainLink Token', '0x514910771AF9Ca656af840dff83E8264EcF986CA', 18, 'LINK', 15),
    t('UNI', 'Uniswap', '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 18, 'UNI', 8),
  ],
  10: [
    t('ETH', 'Ether', ZERO, 18, 'ETH', 3000),
    t('USDC', 'USD Coin', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6, 'USDC', 1),
    t('USDT', 'Tether USD', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6, 'USDT', 1),
    t('DAI', 'Dai Stablecoin', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18, 'DAI', 1),
    t('WETH', 'Wrapped Ether', '0x4200000000000000000000000000000000000006', 18, 'WETH', 3000),
    t('WBTC', 'Wrapped BTC', '0x68f180fcCe6836688e9084f035309E29Bf0A2095', 8, 'WBTC', 60000),
    t('OP', 'Optimism', '0x4200000000000000000000000000000000000042', 18, 'OP', 1.8),
  ],
  56: [
    t('BNB', 'BNB', ZERO, 18, 'BNB', 600),
    t('USDC', 'USD Coin', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18, 'USDC', 1),
    t('USDT', 'Tether USD', '0x55d398326f99059fF775485246999027B3197955', 18, 'USDT', 1),
    t('DAI', 'Dai Token', '0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3', 18, 'DAI', 1),
    t('WBNB', 'Wrapped BNB', '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', 18, 'WBNB', 600),
    t('ETH', 'Binance-Peg Ethereum Token', '0x2170Ed0880ac9A755fd29B2688956BD959F933F8', 18, 'ETH', 3000),
    t('BTCB', 'Binance-Peg BTCB Token', '0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c', 18, 'BTCB', 60000),
  ],
  137: [
    t('POL', 'Polygon Ecosystem Token', ZERO, 18, 'POL', 0.4),
    t('USDC', 'USD Coin', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6, 'USDC', 1),
    t('USDT', '(PoS) Tether USD', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6, 'USDT', 1),
    t('DAI', '(PoS) Dai Stablecoin', '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', 18, 'DAI', 1),
    t('WETH', 'Wrapped Ether', '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 18, 'WETH', 3000),
    t('WBTC', '(PoS) Wrapped BTC', '0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6', 8, 'WBTC', 60000),
    t('WPOL', 'Wrapped Polygon Ecosystem Token', '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 18, 'WPOL', 0.4),
  ],
  8453: [
    t('ETH', 'Ether', ZERO, 18, 'ETH', 3000),
    t('USDC', 'USD Coin', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6, 'USDC', 1),
    t('USDT', 'Bridged Tether USD', '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', 6, 'USDT', 1),
    t('DAI', 'Dai Stablecoin', '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 18, 'DAI', 1),
    t('WETH', 'Wrapped Ether', '0x4200000000000000000000000000000000000006', 18, 'WETH', 3000),
    t('USDbC', 'USD Base Coin', '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', 6, 'USDbC', 1),
    t('cbETH', 'Coinbase Wrapped Staked ETH', '0x2Ae3F1Ec7F1F5012CFEab0185bfc7aa3cf0DEc22', 18, 'cbETH', 3300),
    t('cbBTC', 'Coinbase Wrapped BTC', '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 8, 'cbBTC', 60000),
  ],
  42161: [
    t('ETH', 'Ether', ZERO, 18, 'ETH', 3000),
    t('USDC', 'USD Coin', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6, 'USDC', 1),
    t('USDT', 'Tether USD', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6, 'USDT', 1),
    t('DAI', 'Dai Stablecoin', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18, 'DAI', 1),
    t('WETH', 'Wrapped Ether', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 18, 'WETH', 3000),
    t('WBTC', 'Wrapped BTC', '0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', 8, 'WBTC', 60000),
    t('ARB', 'Arbitrum', '0x912CE59144191C1204E64559FE8253a0e49E6548', 18, 'ARB', 0.8),
    // A long-tail token LI.FI lists without having verified it (the LI.FI dialect says so, lifi/tokenVerification.ts).
    t('MAGIC', 'Magic', '0x539bdE0d7Dbd336b79148AA742883198BBF60342', 18, 'MAGIC', 0.2),
    // Synthetic, like the large catalog's tokens: a stand-in for the airdrop lures production lists as flagged. Its
    // address is keccak256('bridge-twin flagged token AIRDROP')'s last 20 bytes, no mainnet contract.
    t('AIRDROP', 'Claim Rewards', '0x386B110184968EDb00d5848b97799A819A419D22', 18, 'AIRDROP', 0.01),
  ],
  43114: [
    t('AVAX', 'Avalanche', ZERO, 18, 'AVAX', 30),
    t('USDC', 'USD Coin', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6, 'USDC', 1),
    t('USDT', 'TetherToken', '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', 6, 'USDT', 1),
    t('DAI.e', 'Dai Stablecoin', '0xd586E7F844cEa2F87f50152665BCbc2C279D8d70', 18, 'DAI', 1),
    t('WAVAX', 'Wrapped AVAX', '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', 18, 'WAVAX', 30),
    t('WETH.e', 'Wrapped Ether', '0x49D5c2BdFfac6CE2BFdB6640F4F80f226bc10bAB', 18, 'WETH', 3000),
    t('BTC.b', 'Bitcoin', '0x152b9d0FdC40C096757F570A51E494bd4b943E50', 8, 'BTCB', 60000),
  ],
  1151111081099710: [
    t('SOL', 'Solana', ZERO, 9, 'SOL', 150),
    t('USDC', 'USD Coin', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6, 'USDC', 1),
    t('USDT', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6, 'USDT', 1),
    t('wSOL', 'Wrapped SOL', 'So11111111111111111111111111111111111111112', 9, 'SOL', 150),
    t('JUP', 'Jupiter', 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 6, 'JUP', 0.9),
    t('Bonk', 'Bonk', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 5, 'BONK', 0.00002),
  ],
};
