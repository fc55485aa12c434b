import { i18n } from '#i18n';
import { parseAmountInput } from '../format/parseAmount';
import { looksLikeSolanaAddress } from '../lib/addresses';
import { looksLikeEnsName } from '../lib/ensName';
import type { Token } from '../schemas/catalog';

export type FormInput = {
  fromChainId?: number;
  fromToken?: Token;
  toChainId?: number;
  toToken?: Token;
  amountText: string;
  /** Known balance of the source token, in smallest units. */
  balance?: bigint;
  recipientText: string;
  account?: `0x${string}`;
  /** The destination's chain type: a Solana destination needs a Solana address, and has no default receiver. */
  toChainType?: string;
  /** Solana's own address check, once loaded (a Solana recipient waits for it: never accepted unchecked). */
  solanaCheck?: (text: string) => boolean;
  /**
   * viem's EIP-55 checksum (getAddress), once loaded: its keccak is not part of the popup's first paint. A well-formed
   * 0x recipient waits for it, never accepted unchecksummed.
   */
  evmChecksum?: (address: string) => string;
  /**
   * The connected account is a smart account (a contract, such as a Safe) on the source chain: the same address may
   * not be the person's on another chain, so a transfer there has no default receiver.
   */
  accountIsContract?: boolean;
  /**
   * What the background answered for the ENS name typed (`typed`: the text as typed, trimmed): the recipient is its
   * address once resolved on Ethereum; until then, none.
   */
  ens?: { typed: string; answer: EnsAnswer };
};

/** What src/background/messages/resolveEnsName.ts answers, as the form needs it. */
export type EnsAnswer =
  | { kind: 'resolved'; name: string; address: `0x${string}` }
  | { kind: 'notFound'; name: string }
  | { kind: 'failed'; name: string; message: string };

export type FormCheck = {
  amount?: bigint;
  /** A checksummed 0x address, or a base58 key on Solana. */
  recipient?: string;
  /** The ENS name the recipient was resolved from (normalised), when one was typed. */
  recipientName?: string;
  /** An ENS name typed, still being looked up: no recipient yet, and no error. */
  recipientLooking?: string;
  errors: { amount?: string; recipient?: string; pair?: string };
  /** True when a route can be asked for (pair and amount fine; recipient may still be missing). */
  canQuote: boolean;
  /** True when everything needed to sign is present and valid. */
  canSend: boolean;
};

/** Inline validation of the transfer form; each message says what to do. */
export function checkForm(input: FormInput): FormCheck {
  const errors: FormCheck['errors'] = {};
  let amount: bigint | undefined;
  let recipient: string | undefined;
  let recipientName: string | undefined;
  let recipientLooking: string | undefined;

  const { fromToken, toToken } = input;
  if (
    fromToken &&
    toToken &&
    input.fromChainId === input.toChainId &&
    fromToken.address.toLowerCase() === toToken.address.toLowerCase()
  ) {
    errors.pair = i18n.t('popup.validation.samePair');
  }

  if (fromToken) {
    const parsed = parseAmountInput(input.amountText, fromToken.decimals, fromToken.symbol);
    if (parsed.kind === 'invalid') errors.amount = parsed.message;
    else if (parsed.kind === 'ok') {
      if (parsed.value === 0n) errors.amount = i18n.t('popup.amount.zero');
      else if (input.balance !== undefined && parsed.value > input.balance) {
        errors.amount = i18n.t('popup.amount.aboveBalance', [fromToken.symbol]);
      } else amount = parsed.value;
    }
  }

  const text = input.recipientText.trim();
  const ens = input.ens?.typed === text ? input.ens.answer : undefined;
  const named = looksLikeEnsName(text);
  if (named && input.toChainType === 'SOLANA') {
    // An ENS name resolves to an EVM address (coin type 60): no one on Solana.
    errors.recipient = i18n.t('popup.validation.ensNotEvm');
  } else if (named && !ens) {
    recipientLooking = text;
  } else if (named && ens?.kind === 'notFound') {
    errors.recipient = i18n.t('popup.validation.ensNotFound', [ens.name]);
  } else if (named && ens?.kind === 'failed') {
    errors.recipient = ens.message;
  } else if (named && ens?.kind === 'resolved') {
    // The name's address is judged as a typed one would be: no zero address, no token's own contract.
    recipientName = ens.name;
    if (/^0x0{40}$/i.test(ens.address)) errors.recipient = i18n.t('popup.validation.ensNotFound', [ens.name]);
    else if (tokenContract(ens.address, [toToken, fromToken])) {
      errors.recipient = i18n.t('popup.validation.tokenContract', [
        tokenContract(ens.address, [toToken, fromToken])!.symbol,
      ]);
    } else recipient = ens.address;
  } else if (input.toChainType === 'SOLANA') {
    // The connected EVM account has no Solana address: the person says who receives, and it must be Solana's kind.
    if (text === '') recipient = undefined;
    else if (/^0x/i.test(text)) errors.recipient = i18n.t('popup.validation.evmForSolana');
    else if (!input.solanaCheck) recipient = undefined;
    else if (input.solanaCheck(text)) recipient = text;
    else errors.recipient = i18n.t('popup.validation.badSolanaAddress');
  } else if (text === '') {
    const elsewhere = input.fromChainId !== undefined && input.toChainId !== input.fromChainId;
    recipient = input.accountIsContract && elsewhere ? undefined : input.account;
  } else if (looksLikeSolanaAddress(text)) {
    // Refused either way; the shape only picks the message that says what the person pasted.
    errors.recipient = i18n.t('popup.validation.solanaForEvm');
  } else if (!/^0x[0-9a-fA-F]{40}$/.test(text)) {
    errors.recipient = i18n.t('popup.validation.badAddress');
  } else if (/^0x0{40}$/i.test(text)) {
    errors.recipient = i18n.t('popup.validation.zeroAddress');
  } else if (tokenContract(text, [toToken, fromToken])) {
    // A token's own contract holds no one's balance: what is sent there is lost. Pasted by mistake, usually.
    errors.recipient = i18n.t('popup.validation.tokenContract', [tokenContract(text, [toToken, fromToken])!.symbol]);
  } else if (!input.evmChecksum) recipient = undefined;
  else if (/[A-F]/.test(text.slice(2)) && /[a-f]/.test(text.slice(2)) && input.evmChecksum(text) !== text) {
    // Mixed case means the address carries an EIP-55 checksum, and it does not match: probably a typo.
    errors.recipient = i18n.t('popup.validation.badChecksum');
  } else recipient = input.evmChecksum(text);

  const canQuote = Boolean(
    input.fromChainId && input.toChainId && fromToken && toToken && amount !== undefined && !errors.pair,
  );
  return {
    amount,
    recipient,
    ...(recipientName ? { recipientName } : {}),
    ...(recipientLooking ? { recipientLooking } : {}),
    errors,
    canQuote,
    canSend: canQuote && recipient !== undefined && !errors.recipient,
  };
}

/** The chosen token whose own contract `address` is, if any (the native coin has none). */
function tokenContract(
  address: string,
  tokens: ({ address: string; symbol: string } | undefined)[],
): { symbol: string } | undefined {
  return tokens.find((t) => t && !/^0x0{40}$/i.test(t.address) && t.address.toLowerCase() === address.toLowerCase());
}
