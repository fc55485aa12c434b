/** Recorded LI.FI status bodies; see catalog.ts in this folder for how they were taken. */

/**
 * DONE / COMPLETED, a same-chain swap on Plasma (9745) through kyberswap: a transfer recorded from LI.FI's
 * production API (GET https://li.quest/v2/analytics/transfers, whose items are /v1/status answers) in the public
 * tests of vultisig-analytics (tests/test_lifi.py, REAL_RESPONSE.data[0]). Python's `None` written as null; the
 * `metadata` and `feeCosts` members kept.
 */
export const lifiStatusDoneBody = () => ({
  transactionId: '0x3517804281be09de759184011dcfadb93ef8c99a60e795db2afa757ebf7cc96d',
  sending: {
    txHash: '0xa5a2cc477396bb98ef331cae72a2883c6667ec7637fb3c1f265fdee4d1abcc01',
    txLink: 'https://plasmascan.to/tx/0xa5a2cc477396bb98ef331cae72a2883c6667ec7637fb3c1f265fdee4d1abcc01',
    token: {
      address: '0x6100E367285b01F48D07953803A2d8dCA5D19873',
      chainId: 9745,
      symbol: 'WXPL',
      decimals: 18,
      name: 'Wrapped Plasma',
      coinKey: 'WXPL',
      priceUSD: '0.130765',
      tags: [],
      verificationStatus: 'unverified',
      verificationStatusBreakdown: [],
    },
    chainId: 9745,
    gasPrice: '1500000000',
    gasUsed: '334118',
    gasToken: {
      address: '0x0000000000000000000000000000000000000000',
      chainId: 9745,
      symbol: 'XPL',
      decimals: 18,
      priceUSD: '0.130555',
    },
    gasAmount: '501177000000000',
    gasAmountUSD: '0.0001',
    amountUSD: '1.1769',
    value: '0',
    includedSteps: [
      {
        tool: 'kyberswap',
        toolDetails: { key: 'kyberswap', name: 'Kyberswap', webUrl: 'https://kyberswap.com/' },
        fromAmount: '9000000000000000000',
        fromToken: {
          address: '0x6100E367285b01F48D07953803A2d8dCA5D19873',
          chainId: 9745,
          symbol: 'WXPL',
          decimals: 18,
          priceUSD: '0.130765',
        },
        toToken: {
          address: '0xB8CE59FC3717ada4C02eaDF9682A9e934F625ebb',
          chainId: 9745,
          symbol: 'USDT0',
          decimals: 6,
          priceUSD: '1',
        },
        toAmount: '1176337',
        bridgedAmount: null,
      },
    ],
    amount: '9000000000000000000',
    timestamp: 1775911736,
  },
  receiving: {
    txHash: '0xa5a2cc477396bb98ef331cae72a2883c6667ec7637fb3c1f265fdee4d1abcc01',
    txLink: 'https://plasmascan.to/tx/0xa5a2cc477396bb98ef331cae72a2883c6667ec7637fb3c1f265fdee4d1abcc01',
    token: {
      address: '0xB8CE59FC3717ada4C02eaDF9682A9e934F625ebb',
      chainId: 9745,
      symbol: 'USDT0',
      decimals: 6,
      priceUSD: '1',
    },
    chainId: 9745,
    gasPrice: '1500000000',
    gasUsed: '334118',
    gasAmount: '501177000000000',
    gasAmountUSD: '0.0001',
    amountUSD: '1.1763',
    value: '0',
    amount: '1176337',
    timestamp: 1775911736,
  },
  lifiExplorerLink: 'https://scan.li.fi/tx/0xa5a2cc477396bb98ef331cae72a2883c6667ec7637fb3c1f265fdee4d1abcc01',
  fromAddress: '0x6719558682cbb76f7fa6c216c7b51791b163a6b8',
  toAddress: '0x6719558682cbb76f7fa6c216c7b51791b163a6b8',
  tool: 'kyberswap',
  status: 'DONE',
  substatus: 'COMPLETED',
  substatusMessage: 'The transfer is complete.',
  metadata: { integrator: 'jumper.exchange' },
  feeCosts: [],
});

/**
 * The sending leg of the GET /v1/status example of https://docs.li.fi/agents/reference/endpoint-specs (USDC
 * Ethereum → Arbitrum through Across); `gasToken` (elided there) left out and the `logoURI` placeholder kept.
 */
const acrossSendingLeg = () => ({
  txHash: '0x1695bded7c1634dce4a200bdec72be0ed6cc5f7153ec2dc832b271d790eb00c8',
  txLink: 'https://etherscan.io/tx/0x1695bded7c1634dce4a200bdec72be0ed6cc5f7153ec2dc832b271d790eb00c8',
  chainId: 1,
  amount: '10000000',
  token: {
    address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    chainId: 1,
    symbol: 'USDC',
    decimals: 6,
    name: 'USD Coin',
    coinKey: 'USDC',
    logoURI: 'https://...',
    priceUSD: '0.999606',
  },
  amountUSD: '9.9961',
  gasPrice: '65729222',
  gasUsed: '220266',
  gasAmount: '14477912813052',
  gasAmountUSD: '0.0423',
  timestamp: 1737625200,
});

/**
 * PENDING while the bridge has not delivered: that page's transfer as LI.FI documents a pending one (same page,
 * "Status Values"; https://docs.li.fi/agents/workflows/status-recovery): substatus WAIT_DESTINATION_TRANSACTION,
 * the receiving leg with only its chainId. Built from the recorded sending leg, not a recording of its own.
 */
export const lifiStatusPendingBody = () => ({
  transactionId: '0x1695bded7c1634dce4a200bdec72be0ed6cc5f7153ec2dc832b271d790eb00c8',
  sending: acrossSendingLeg(),
  receiving: { chainId: 42161 },
  lifiExplorerLink: 'https://explorer.li.fi/tx/0x1695bded7c1634dce4a200bdec72be0ed6cc5f7153ec2dc832b271d790eb00c8',
  fromAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
  toAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
  tool: 'across',
  status: 'PENDING',
  substatus: 'WAIT_DESTINATION_TRANSACTION',
});

/**
 * FAILED: the same transfer as a failed one, which LI.FI sends without a receiving leg at all. Built from the
 * recorded sending leg, not a recording of its own.
 */
export const lifiStatusFailedBody = () => ({
  transactionId: '0x1695bded7c1634dce4a200bdec72be0ed6cc5f7153ec2dc832b271d790eb00c8',
  sending: acrossSendingLeg(),
  fromAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
  toAddress: '0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0',
  tool: 'across',
  status: 'FAILED',
  substatus: 'UNKNOWN_FAILED_ERROR',
  substatusMessage: 'The transaction failed.',
});

/** An unknown hash: a 200 whose body is the status alone ("Transaction not indexed yet", endpoint-specs page). */
export const lifiStatusNotFoundBody = () => ({ status: 'NOT_FOUND' });
