import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { isSolanaAddress } from '../lib/solanaAddress';
import type { Token } from '../schemas/catalog';
import { checkForm, type FormInput } from './validation';

const USDC: Token = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  chainId: '1',
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
};
const USDC_OP: Token = {
  address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  chainId: '10',
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
};
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const form = (over: Partial<FormInput> = {}): FormInput => ({
  fromChainId: 1,
  fromToken: USDC,
  toChainId: 10,
  toToken: USDC_OP,
  amountText: '1.5',
  balance: 10_000_000n,
  recipientText: '',
  account: ACCOUNT,
  evmChecksum: getAddress,
  ...over,
});

describe('checkForm', () => {
  it('accepts a valid transfer and defaults the recipient to the account', () => {
    const check = checkForm(form());
    expect(check.errors).toEqual({});
    expect(check.amount).toBe(1_500_000n);
    expect(check.recipient).toBe(ACCOUNT);
    expect(check.canSend).toBe(true);
  });
  it('flags malformed, too precise, zero and too large amounts', () => {
    expect(checkForm(form({ amountText: '1.2.3' })).errors.amount).toMatch(/Enter an amount/);
    expect(checkForm(form({ amountText: '1.1234567' })).errors.amount).toBe('USDC allows at most 6 decimals.');
    expect(checkForm(form({ amountText: '0' })).errors.amount).toBe('Enter an amount greater than zero.');
    expect(checkForm(form({ amountText: '11' })).errors.amount).toBe(
      'Not enough USDC: the amount is above your balance.',
    );
    expect(checkForm(form({ amountText: '11', balance: undefined })).errors.amount).toBeUndefined();
  });
  it('does not quote without an amount, but shows no error for blank', () => {
    const check = checkForm(form({ amountText: '' }));
    expect(check.errors.amount).toBeUndefined();
    expect(check.canQuote).toBe(false);
  });
  it('checks and checksums recipients', () => {
    expect(checkForm(form({ recipientText: '0x1234' })).errors.recipient).toMatch(/valid address/);
    expect(checkForm(form({ recipientText: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' })).recipient).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
    expect(checkForm(form({ recipientText: '0x70997970C51812dc3A010C7d01b50e0d17dc79c8' })).errors.recipient).toMatch(
      /checksum/,
    );
    expect(checkForm(form({ recipientText: `0x${'0'.repeat(40)}` })).errors.recipient).toMatch(/zero address/);
  });
  it('refuses a token’s own contract as the recipient, in words, whichever side’s token it is', () => {
    const words =
      "That is the USDC token's own contract, not an account: what is sent there is lost. Enter the receiving account's address.";
    expect(checkForm(form({ recipientText: USDC_OP.address })).errors.recipient).toBe(words);
    expect(checkForm(form({ recipientText: USDC.address.toLowerCase() })).errors.recipient).toBe(words);
    expect(checkForm(form({ recipientText: USDC_OP.address })).canSend).toBe(false);
  });
  it('gives a smart account no default receiver on another chain, but keeps it for a swap on its own chain', () => {
    const smart = form({ account: ACCOUNT, accountIsContract: true });
    expect(checkForm(smart).recipient).toBeUndefined();
    expect(checkForm(smart).canSend).toBe(false);
    expect(checkForm({ ...smart, toChainId: 1, toToken: { ...USDC, address: USDC_OP.address } }).recipient).toBe(
      ACCOUNT,
    );
    expect(checkForm({ ...smart, recipientText: ACCOUNT }).recipient).toBe(ACCOUNT);
    expect(checkForm(form({ account: ACCOUNT })).recipient).toBe(ACCOUNT);
  });
  it('lets a well-formed 0x recipient wait for the checksum, never accepting it unchecked', () => {
    const waiting = checkForm(
      form({ recipientText: '0x70997970C51812dc3A010C7d01b50e0d17dc79c8', evmChecksum: undefined }),
    );
    expect(waiting.recipient).toBeUndefined();
    expect(waiting.errors).toEqual({});
    expect(waiting.canSend).toBe(false);
    // What needs no checksum is said at once.
    expect(checkForm(form({ recipientText: '0x1234', evmChecksum: undefined })).errors.recipient).toMatch(
      /valid address/,
    );
  });
  it('asks a Solana destination for a Solana address: no default, and an EVM address is refused there', () => {
    const solana = (recipientText: string) =>
      checkForm(
        form({ recipientText, toChainId: 1151111081099710, toChainType: 'SOLANA', solanaCheck: isSolanaAddress }),
      );
    const blank = solana('');
    expect(blank.recipient).toBeUndefined();
    expect(blank.canQuote).toBe(true);
    expect(blank.canSend).toBe(false);
    expect(solana(ACCOUNT).errors.recipient).toMatch(/EVM address\. Solana needs a Solana address/);
    expect(solana('not-a-key').errors.recipient).toMatch(/valid Solana address/);
    const typed = solana('  7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV ');
    expect(typed.recipient).toBe('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV');
    expect(typed.canSend).toBe(true);
    // Until Solana's check is loaded, a typed key is neither accepted nor refused.
    const unchecked = checkForm(
      form({ recipientText: typed.recipient!, toChainId: 1151111081099710, toChainType: 'SOLANA' }),
    );
    expect(unchecked.recipient).toBeUndefined();
    expect(unchecked.errors.recipient).toBeUndefined();
    // And the other way round.
    expect(checkForm(form({ recipientText: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' })).errors.recipient).toMatch(
      /Solana address\. This chain needs an EVM address/,
    );
  });

  it('refuses the same token on the same chain', () => {
    const check = checkForm(form({ toChainId: 1, toToken: USDC }));
    expect(check.errors.pair).toMatch(/same token on the same chain/);
    expect(check.canQuote).toBe(false);
  });
  it('needs an account or a recipient to send', () => {
    const check = checkForm(form({ account: undefined }));
    expect(check.canQuote).toBe(true);
    expect(check.canSend).toBe(false);
  });
});

describe('checkForm with an ENS name', () => {
  const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const resolved = (typed: string, address: `0x${string}` = ALICE) => ({
    typed,
    answer: { kind: 'resolved' as const, name: typed.toLowerCase(), address },
  });

  it('waits for the name to be looked up: no recipient, no error, nothing to send yet', () => {
    const check = checkForm(form({ recipientText: 'alice.eth' }));
    expect(check.errors).toEqual({});
    expect(check.recipient).toBeUndefined();
    expect(check.recipientLooking).toBe('alice.eth');
    expect(check.canQuote).toBe(true);
    expect(check.canSend).toBe(false);
  });

  it('sends to the address the name resolved to, and names it', () => {
    const check = checkForm(form({ recipientText: ' Alice.eth ', ens: resolved('Alice.eth') }));
    expect(check.errors).toEqual({});
    expect(check.recipient).toBe(ALICE);
    expect(check.recipientName).toBe('alice.eth');
    expect(check.canSend).toBe(true);
  });

  it('never takes an answer for another name than the one typed now', () => {
    const check = checkForm(form({ recipientText: 'bob.eth', ens: resolved('alice.eth') }));
    expect(check.recipient).toBeUndefined();
    expect(check.recipientLooking).toBe('bob.eth');
  });

  it('says a name that points nowhere, or could not be read, in words', () => {
    const none = checkForm(
      form({
        recipientText: 'nobody.eth',
        ens: { typed: 'nobody.eth', answer: { kind: 'notFound', name: 'nobody.eth' } },
      }),
    );
    expect(none.errors.recipient).toMatch(/nobody\.eth points to no Ethereum address/);
    expect(none.canSend).toBe(false);
    const failed = checkForm(
      form({
        recipientText: 'alice.eth',
        ens: { typed: 'alice.eth', answer: { kind: 'failed', name: 'alice.eth', message: 'The RPC did not answer.' } },
      }),
    );
    expect(failed.errors.recipient).toBe('The RPC did not answer.');
    expect(failed.recipient).toBeUndefined();
  });

  it("refuses a name that points to a chosen token's own contract, as a typed address would be", () => {
    const check = checkForm(
      form({ recipientText: 'usdc.eth', ens: resolved('usdc.eth', USDC_OP.address as `0x${string}`) }),
    );
    expect(check.errors.recipient).toMatch(/USDC token's own contract/);
    expect(check.canSend).toBe(false);
  });

  it('takes a name only where the destination is an EVM chain', () => {
    const check = checkForm(
      form({
        recipientText: 'alice.eth',
        toChainType: 'SOLANA',
        toChainId: 1151111081099710,
        ens: resolved('alice.eth'),
      }),
    );
    expect(check.errors.recipient).toMatch(/ENS names work only where the destination is an EVM chain/);
    expect(check.recipient).toBeUndefined();
  });

  it('still reads addresses and Solana keys as before: a name needs a dot', () => {
    expect(checkForm(form({ recipientText: ALICE })).recipient).toBe(ALICE);
    expect(checkForm(form({ recipientText: 'alice' })).errors.recipient).toMatch(/valid address/);
    expect(checkForm(form({ recipientText: '0x12.eth' })).recipientLooking).toBe('0x12.eth');
  });
});
