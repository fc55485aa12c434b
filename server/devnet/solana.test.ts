import { generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { getCatalog } from '../catalog/catalog';
import { SolanaDevnet } from './solana';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('the devnet Solana VM', () => {
  it('runs USDC as a real SPL mint and delivers into a new associated token account, once per deposit', async () => {
    const solana = await SolanaDevnet.start(getCatalog());
    expect(solana.tokens.map((token) => token.symbol).sort()).toEqual(['USDC', 'USDT']);
    const inventory = await solana.inventory(USDC);
    expect(inventory).toBe(50_000_000_000_000n);

    const receiver = (await generateKeyPairSigner()).address;
    expect(await solana.tokenBalance(receiver, USDC)).toBe(0n);
    const delivery = await solana.deliver('0xdeposit', receiver, USDC, 25_000_000n);
    expect(delivery).toMatchObject({ receiver, mint: USDC, amount: 25_000_000n });
    expect(delivery.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    expect(await solana.tokenBalance(receiver, USDC)).toBe(25_000_000n);
    expect(await solana.inventory(USDC)).toBe(inventory - 25_000_000n);
    // The transaction is on the SVM, found by its signature.
    expect(solana.svm.getTransaction(delivery.signature as never)).not.toBeNull();

    // The same deposit is never paid twice; another one to the same account adds to it.
    expect(await solana.deliver('0xdeposit', receiver, USDC, 25_000_000n)).toBe(delivery);
    const second = await solana.deliver('0xother', receiver, USDC, 1_000_000n);
    expect(second.signature).not.toBe(delivery.signature);
    expect(await solana.tokenBalance(receiver, USDC)).toBe(26_000_000n);
    expect(solana.deliveriesTo(receiver).map((d) => d.depositId)).toEqual(['0xother', '0xdeposit']);
    expect(solana.deliveryBySignature(second.signature)).toBe(second);
  });

  it('refuses a mint it does not run and a receiver that is not a Solana address', async () => {
    const solana = await SolanaDevnet.start(getCatalog());
    const receiver = (await generateKeyPairSigner()).address;
    await expect(solana.deliver('0x1', receiver, 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 1n)).rejects.toThrow(
      /no mint/,
    );
    await expect(solana.deliver('0x2', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', USDC, 1n)).rejects.toThrow();
    expect(solana.delivery('0x2')).toBeUndefined();
  });
});
