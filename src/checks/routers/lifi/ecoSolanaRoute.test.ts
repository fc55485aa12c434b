import { describe, expect, it } from 'vitest';
import {
  ECO_SOLANA_ATA,
  ECO_SOLANA_RECEIVER,
  ECO_SOLANA_ROUTE,
  ecoRouteWith,
} from '../../../../testing/wallet/ecoSolanaRoute';
import { wordToSolanaAddress } from '../../../lib/solanaAddress';
import { associatedTokenAccount, readEcoSolanaRoute } from './ecoSolanaRoute';

describe('readEcoSolanaRoute', () => {
  it('reads LI.FI’s test route: USDC, the amount and the token account paid', () => {
    expect(readEcoSolanaRoute(ECO_SOLANA_ROUTE)).toEqual({
      tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      amount: 0x4c4564n,
      destination: wordToSolanaAddress(ECO_SOLANA_ATA),
    });
  });

  it('reads nothing from a route of another length or layout', () => {
    expect(readEcoSolanaRoute(`${ECO_SOLANA_ROUTE}00`)).toBeUndefined();
    // Another instruction than TransferChecked (12) at byte 168.
    expect(readEcoSolanaRoute(ecoRouteWith(168, '03'))).toBeUndefined();
    // A token list naming another mint than the transfer's.
    expect(readEcoSolanaRoute(ecoRouteWith(84, 'ff'))).toBeUndefined();
  });
});

describe('associatedTokenAccount', () => {
  it('derives the token account LI.FI’s test pays from the receiver and USDC’s mint', () => {
    const route = readEcoSolanaRoute(ECO_SOLANA_ROUTE)!;
    expect(associatedTokenAccount(ECO_SOLANA_RECEIVER as never, route.tokenProgram, route.mint)).toBe(
      wordToSolanaAddress(ECO_SOLANA_ATA),
    );
  });
});
