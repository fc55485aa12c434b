import { describe, expect, it } from 'vitest';
import { isSolanaAddress, solanaAddressToWord, wordToSolanaAddress } from './solanaAddress';

const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('Solana addresses', () => {
  it('accepts base58 public keys and refuses EVM addresses, typos and other text', () => {
    expect(isSolanaAddress(USDC_MINT)).toBe(true);
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(isSolanaAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    // 0, O, I and l are not base58; a truncated key is not 32 bytes.
    expect(isSolanaAddress(`${USDC_MINT.slice(0, -1)}0`)).toBe(false);
    expect(isSolanaAddress(USDC_MINT.slice(0, 30))).toBe(false);
    expect(isSolanaAddress('')).toBe(false);
    expect(isSolanaAddress(42)).toBe(false);
  });

  it('round-trips through the 32-byte word contracts carry', () => {
    const word = solanaAddressToWord(USDC_MINT);
    expect(word).toBe('0xc6fa7af3bedbad3a3d65f36aabc97431b1bbe4c2d2f6e0e47ca60203452f5d61');
    expect(wordToSolanaAddress(word)).toBe(USDC_MINT);
    expect(() => solanaAddressToWord('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toThrow(/not a Solana address/);
    expect(() => wordToSolanaAddress('0x1234')).toThrow(/32 bytes/);
  });
});
