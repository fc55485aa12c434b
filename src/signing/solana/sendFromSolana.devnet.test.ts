import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  signTransaction,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneClickStatus } from '../../../server/devnet/oneClickQuotes';
import {
  AMOUNT,
  type DepositFixture,
  MIN_OUT,
  startDepositFixture,
  USDC,
} from '../../../testing/solana/depositFixture';
import { NEAR_INTENTS_DEVNET_KEYS } from '../../checks/promises/nearIntentsConfig';
import { WalletRejectedError } from '../../wallet/errors';
import { type SendFromSolanaStage, SolanaSendError, sendFromSolana } from './sendFromSolana';

/**
 * A transfer from Solana on the devnet's SVM (litesvm behind its JSON-RPC): 25 USDC deposited at a 1Click deposit
 * address for USDC on Base, checked, signed by a wallet holding the person's key, sent through the trusted RPC and
 * read back; a wallet that changes what it signs, or declines, sends nothing.
 */

let fixture: DepositFixture;
beforeAll(async () => {
  fixture = await startDepositFixture();
});
afterAll(async () => {
  await fixture?.server.close();
});

const quote = () => fixture.quote();
const deposit = (depositAddress: string, amount?: bigint) => fixture.deposit(depositAddress, amount);
const serialized = (instructions: Awaited<ReturnType<DepositFixture['deposit']>>) => fixture.serialized(instructions);

/** A wallet holding the person's key: signs what it is given, or what `change` makes of it. */
function wallet(change?: (transaction: string) => Promise<string>) {
  const asked: string[] = [];
  return {
    asked,
    session: {
      address: fixture.person.address,
      async signTransaction(transaction: string): Promise<string> {
        asked.push(transaction);
        const bytes = getBase64Encoder().encode(change ? await change(transaction) : transaction);
        const signed = await signTransaction([fixture.person.keyPair], getTransactionDecoder().decode(bytes));
        return getBase64EncodedWireTransaction(signed);
      },
    },
  };
}

const send = (transaction: string, session: ReturnType<typeof wallet>['session'], stages: SendFromSolanaStage[] = []) =>
  sendFromSolana({
    transaction,
    session,
    choice: fixture.choice(),
    rpcUrl: fixture.server.url,
    minAmountOut: MIN_OUT,
    bridge: {
      kind: 'nearIntents',
      config: { ...NEAR_INTENTS_DEVNET_KEYS, oneClickUrl: 'http://127.0.0.1:9/1click' },
      status: async (depositAddress) => oneClickStatus(depositAddress),
    },
    pollMs: 50,
    onStage: (stage) => stages.push(stage),
  });

describe('sendFromSolana on the devnet VM', () => {
  it('checks, has the wallet sign, sends through the trusted RPC and reads the deposit back as checked', async () => {
    const { depositAddress } = quote();
    const before = await fixture.solana.tokenBalance(fixture.person.address, USDC);
    const stages: SendFromSolanaStage[] = [];
    const { session, asked } = wallet();
    const sent = await send(await serialized(await deposit(depositAddress)), session, stages);
    expect(stages).toEqual(['checking', 'signing', 'sending', 'confirming']);
    expect(asked).toHaveLength(1);
    expect(sent).toMatchObject({ depositAddress, proven: true, fee: 5_000n });
    expect(sent.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await fixture.solana.tokenBalance(depositAddress, USDC)).toBe(AMOUNT);
    expect(await fixture.solana.tokenBalance(fixture.person.address, USDC)).toBe(before - AMOUNT);
  });

  it('refuses before the wallet is asked when the service raised the amount', async () => {
    const { depositAddress } = quote();
    const { session, asked } = wallet();
    const error = await send(await serialized(await deposit(depositAddress, AMOUNT + 1n)), session).catch((e) => e);
    expect(error).toBeInstanceOf(SolanaSendError);
    expect(error.shortMessage).toMatch(/^Blocked for your safety: the transaction takes 25000001 of the chosen token/);
    expect(asked).toEqual([]);
  });

  it('sends nothing when the wallet signs a transaction that pays someone else too', async () => {
    const { depositAddress } = quote();
    const thief = (await generateKeyPairSigner()).address;
    const before = await fixture.solana.tokenBalance(fixture.person.address, USDC);
    const { session, asked } = wallet(async () =>
      serialized([...(await deposit(depositAddress)), ...(await deposit(thief, 1_000_000n))]),
    );
    const error = await send(await serialized(await deposit(depositAddress)), session).catch((e) => e);
    expect(asked).toHaveLength(1);
    expect(error).toBeInstanceOf(SolanaSendError);
    expect(error.shortMessage).toMatch(
      /^Your Solana wallet changed the transaction before signing it, and the changed one is refused: Blocked for your safety: /,
    );
    expect(error.shortMessage).toContain(thief);
    expect(await fixture.solana.tokenBalance(fixture.person.address, USDC)).toBe(before);
    expect(await fixture.solana.tokenBalance(thief, USDC)).toBe(0n);
  });

  it('accepts a wallet that signs the same deposit on a fresher blockhash, checked again', async () => {
    const { depositAddress } = quote();
    const { session } = wallet(async () => serialized(await deposit(depositAddress)));
    const sent = await send(await serialized(await deposit(depositAddress)), session);
    expect(sent.depositAddress).toBe(depositAddress);
  });

  it('passes a decline on in words, and sends nothing', async () => {
    const { depositAddress } = quote();
    const before = await fixture.solana.tokenBalance(fixture.person.address, USDC);
    const declining = {
      address: fixture.person.address,
      signTransaction: async () => Promise.reject(new WalletRejectedError('the transfer')),
    };
    const error = await send(await serialized(await deposit(depositAddress)), declining).catch((e) => e);
    expect(error).toBeInstanceOf(WalletRejectedError);
    expect(await fixture.solana.tokenBalance(fixture.person.address, USDC)).toBe(before);
  });

  it('refuses a wallet connected to another account than the one the routes were asked for', async () => {
    const other = await generateKeyPairSigner();
    const error = await send(await serialized(await deposit(quote().depositAddress)), {
      address: other.address,
      signTransaction: async () => '',
    }).catch((e) => e);
    expect(error.name).toBe('WalletStateError');
  });
});
