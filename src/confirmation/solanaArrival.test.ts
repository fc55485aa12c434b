import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalog } from '../../server/catalog/catalog';
import { SolanaDevnet, SolanaTransactionFailed } from '../../server/devnet/solana';
import { type SolanaRpcServer, startSolanaRpc } from '../../server/devnet/solanaRpc';
import { SOLANA_CHAIN_ID } from '../chains/trustedRpc';
import { confirmArrival, readDeliveredAmount } from './confirmArrival';

/**
 * Arrivals on Solana read through a Solana JSON-RPC with @solana/kit, offline: the devnet's VM (litesvm) behind its
 * JSON-RPC endpoint, with real deliveries its relayer made.
 */

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const SOL = '11111111111111111111111111111111';
/** Well-formed, but no transaction on the devnet has it. */
const MADE_UP = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

let solana: SolanaDevnet;
let server: SolanaRpcServer;
const options = () => ({ rpcUrls: { [String(SOLANA_CHAIN_ID)]: server.url } });
const newAddress = async () => (await generateKeyPairSigner()).address;

beforeAll(async () => {
  solana = await SolanaDevnet.start(getCatalog());
  server = await startSolanaRpc(solana);
});
afterAll(async () => {
  await server?.close();
});

describe('confirmArrival on Solana', () => {
  it('confirms a relayer delivery with the SPL amount the recipient’s token balance gained', async () => {
    const recipient = await newAddress();
    const delivery = await solana.deliver('0xsol-confirmed', recipient, USDC, 46_150_000n);
    const params = { chainId: SOLANA_CHAIN_ID, txHash: delivery.signature, recipient, token: USDC };
    expect(await confirmArrival({ ...params, minAmount: 46_000_000n }, options())).toEqual({
      kind: 'confirmed',
      amount: 46_150_000n,
      measure: 'balanceChange',
      rpcHost: new URL(server.url).host,
    });
    expect(await readDeliveredAmount(params, options())).toMatchObject({ kind: 'confirmed', amount: 46_150_000n });
    // The service said 461.53: the chain says 46.15.
    expect(await confirmArrival({ ...params, minAmount: 461_530_000n }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'belowMinimum',
      amount: 46_150_000n,
    });
  });

  it('counts only what this delivery added to an account that already held the token', async () => {
    const recipient = await newAddress();
    await solana.deliver('0xsol-first', recipient, USDC, 5_000_000n);
    const second = await solana.deliver('0xsol-second', recipient, USDC, 2_000_000n);
    expect(
      await confirmArrival(
        { chainId: SOLANA_CHAIN_ID, txHash: second.signature, recipient, token: USDC, minAmount: 1n },
        options(),
      ),
    ).toMatchObject({ kind: 'confirmed', amount: 2_000_000n });
  });

  it('contradicts a made-up signature, a delivery to someone else, another token and a failed transaction', async () => {
    const recipient = await newAddress();
    const base = { chainId: SOLANA_CHAIN_ID, recipient, token: USDC, minAmount: 1n };
    expect(await confirmArrival({ ...base, txHash: MADE_UP }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'notFound',
    });
    expect(await confirmArrival({ ...base, txHash: `0x${'ab'.repeat(32)}` }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'notFound',
    });

    const elsewhere = await solana.deliver('0xsol-elsewhere', await newAddress(), USDC, 10_000_000n);
    expect(await confirmArrival({ ...base, txHash: elsewhere.signature }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'wrongRecipient',
    });

    const usdt = await solana.deliver('0xsol-usdt', recipient, USDT, 10_000_000n);
    expect(await confirmArrival({ ...base, txHash: usdt.signature }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'wrongToken',
    });
    // SOL was promised; USDT came.
    expect(await confirmArrival({ ...base, token: SOL, txHash: usdt.signature }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'wrongToken',
    });

    // More than the relayer holds: the VM runs it and it fails; a node still answers it, with its error.
    const failed = await solana
      .deliver('0xsol-failed', recipient, USDC, 10n ** 18n)
      .then(() => undefined)
      .catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(SolanaTransactionFailed);
    const signature = (failed as SolanaTransactionFailed).signature;
    expect(solana.transaction(signature)?.err).not.toBeNull();
    expect(await confirmArrival({ ...base, txHash: signature }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'reverted',
    });
  });

  it('reads SOL from the recipient’s lamports', async () => {
    const recipient = await newAddress();
    const txHash = await solana.transferSol(recipient, 2_000_000_000n);
    const params = { chainId: SOLANA_CHAIN_ID, txHash, recipient, minAmount: 1_500_000_000n };
    for (const sol of ['11111111111111111111111111111111', '0x0000000000000000000000000000000000000000']) {
      expect(await confirmArrival({ ...params, token: sol }, options())).toMatchObject({
        kind: 'confirmed',
        amount: 2_000_000_000n,
        measure: 'balanceChange',
      });
    }
    expect(await confirmArrival({ ...params, token: SOL, minAmount: 3_000_000_000n }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'belowMinimum',
      amount: 2_000_000_000n,
    });
    // USDC was promised; SOL came.
    expect(await confirmArrival({ ...params, token: USDC }, options())).toMatchObject({
      kind: 'contradicted',
      reason: 'wrongToken',
    });
    // The relayer itself paid the fee: what it sent is not an arrival for it.
    expect(
      await confirmArrival({ ...params, token: SOL, recipient: solana.relayer.address, minAmount: 1n }, options()),
    ).toMatchObject({ kind: 'contradicted', reason: 'noTransfer' });
  });

  it('says the arrival is unchecked when the Solana RPC does not answer', async () => {
    const recipient = await newAddress();
    const delivery = await solana.deliver('0xsol-down', recipient, USDC, 1n);
    expect(
      await confirmArrival(
        { chainId: SOLANA_CHAIN_ID, txHash: delivery.signature, recipient, token: USDC, minAmount: 1n },
        { rpcUrls: { [String(SOLANA_CHAIN_ID)]: 'http://127.0.0.1:9' } },
      ),
    ).toMatchObject({ kind: 'unreadable', reason: 'rpcFailed', rpcHost: '127.0.0.1:9' });
  });
});
