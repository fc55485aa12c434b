import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_SOLANA_ADDRESS } from '../../devtools/devwallet/keys';
import {
  createSolanaDevWallet,
  registerSolanaDevWallet,
  type SolanaDevWalletRequest,
} from '../../devtools/devwallet/solanaWallet';
import { SolanaWalletFeatureError, WalletRejectedError, WalletRequestError, WalletUnavailableError } from './errors';
import { PAGE_CHANNEL_HELLO_EVENT, pageChannelName, type ToPage } from './pageChannel';
import { parseFromPage } from './pageChannelSchemas';
import { startPageChannel } from './pageChannelScript';
import { connectSolanaWallet } from './solanaSession';
import { type TabWallet, type WalletEvent, walletAnswerError } from './tabWallet';

const NONCE = '0123456789abcdef0123456789abcdef';
const CHANNEL = pageChannelName(NONCE);
const RECEIVER = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');

afterEach(() => vi.unstubAllGlobals());

/**
 * A page (an EventTarget standing in for the window) where wallets register through @wallet-standard/wallet, the
 * page script runs, and a TabWallet talks to it over the channel as the relay does: every answer through the
 * schemas the relay and the popup use (parseFromPage).
 */
async function page(register: (win: Window & typeof globalThis) => Promise<void>) {
  const win = Object.assign(new EventTarget(), { atob, btoa }) as unknown as Window & typeof globalThis;
  vi.stubGlobal('window', win);
  await register(win);
  startPageChannel(win);
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void; what: string }>();
  const listeners = new Set<(event: WalletEvent) => void>();
  let onWallets: ((m: unknown) => void) | undefined;
  const outs: unknown[] = [];
  win.addEventListener(`${CHANNEL}:out`, (event) => {
    const message = parseFromPage((event as CustomEvent).detail);
    outs.push(message ?? 'dropped');
    if (message?.type === 'wallets') onWallets?.(message);
    if (message?.type === 'event') for (const listener of listeners) listener(message);
    if (message?.type !== 'response') return;
    const entry = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) entry?.reject(walletAnswerError(message.error, entry.what));
    else entry?.resolve(message.result);
  });
  const send = (message: ToPage) =>
    win.dispatchEvent(new CustomEvent(`${CHANNEL}:in`, { detail: JSON.stringify(message) }));
  win.dispatchEvent(new CustomEvent(PAGE_CHANNEL_HELLO_EVENT, { detail: NONCE }));
  const listed = await new Promise<{ wallets: TabWallet['wallets']; solana: NonNullable<TabWallet['solanaWallets']> }>(
    (resolve) => {
      onWallets = resolve as (m: unknown) => void;
      send({ type: 'discover' });
    },
  );
  let nextId = 1;
  const tab: TabWallet = {
    tabId: 1,
    wallets: listed.wallets,
    solanaWallets: listed.solana,
    request: (walletId, method, params, what = 'the request') =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject, what });
        send({ type: 'request', id, walletId, method, params });
      }),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stopWaiting() {},
    close() {},
  };
  const discover = () =>
    new Promise<{ wallets: TabWallet['wallets']; solana: NonNullable<TabWallet['solanaWallets']> }>((resolve) => {
      onWallets = resolve as (m: unknown) => void;
      send({ type: 'discover' });
    });
  return { win, tab, outs, send, discover };
}

/** An unsigned transfer of 1 lamport from `from`, base64 on the wire, as li.quest hands a step's transaction. */
function unsignedTransfer(from: Address = address(DEV_SOLANA_ADDRESS)): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash, lastValidBlockHeight: 100n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: createNoopSigner(from), destination: RECEIVER, amount: 1n })],
        m,
      ),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

describe('the Solana wallet through the page relay (Wallet Standard)', () => {
  it('lists Solana wallets with the signing features they offer, beside the EVM ones', async () => {
    const { tab } = await page(async () => {
      registerSolanaDevWallet(await createSolanaDevWallet());
      registerSolanaDevWallet(await createSolanaDevWallet({ name: 'Connect Only', signs: false }));
    });
    expect(tab.wallets).toEqual([]);
    expect(tab.solanaWallets).toEqual([
      {
        id: 'solana:0',
        name: 'Dev Wallet',
        icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        features: ['solana:signTransaction'],
      },
      { id: 'solana:1', name: 'Connect Only', icon: expect.any(String), features: [] },
    ]);
  });

  it('finds a wallet registered after the page script, and leaves out wallets without Solana mainnet', async () => {
    const { tab, discover } = await page(async () => {
      const elsewhere = { ...(await createSolanaDevWallet({ name: 'Sui only' })), chains: ['sui:mainnet'] as const };
      registerSolanaDevWallet(elsewhere as never);
    });
    expect(tab.solanaWallets).toEqual([]);
    registerSolanaDevWallet(await createSolanaDevWallet({ name: 'Late' }));
    expect((await discover()).solana.map((w) => w.name)).toEqual(['Late']);
  });

  it('connects, then signs: the signed bytes carry a valid signature of the account over the same message', async () => {
    const asked: SolanaDevWalletRequest[] = [];
    const { tab } = await page(async () =>
      registerSolanaDevWallet(
        await createSolanaDevWallet({
          confirm: (r) => {
            asked.push(r);
            return true;
          },
        }),
      ),
    );
    const session = await connectSolanaWallet(tab, 'solana:0');
    expect(session).toMatchObject({ walletId: 'solana:0', walletName: 'Dev Wallet', address: DEV_SOLANA_ADDRESS });
    const unsigned = unsignedTransfer();
    const signed = await session.signTransaction(unsigned);
    const before = getTransactionDecoder().decode(getBase64Encoder().encode(unsigned));
    const after = getTransactionDecoder().decode(getBase64Encoder().encode(signed));
    expect(after.messageBytes).toEqual(before.messageBytes);
    expect(after.signatures[address(DEV_SOLANA_ADDRESS)]).toBeTruthy();
    expect(asked.map((r) => r.method)).toEqual(['standard:connect', 'solana:signTransaction']);
  });

  it('connects silently only where the account is already shared', async () => {
    const { tab } = await page(async () => registerSolanaDevWallet(await createSolanaDevWallet()));
    await expect(connectSolanaWallet(tab, 'solana:0', { silent: true })).rejects.toThrow(/shared no account/);
    await connectSolanaWallet(tab, 'solana:0');
    expect((await connectSolanaWallet(tab, 'solana:0', { silent: true })).address).toBe(DEV_SOLANA_ADDRESS);
  });

  it('says in words that the person declined, in connecting and in signing', async () => {
    let approve = false;
    const { tab } = await page(async () =>
      registerSolanaDevWallet(
        await createSolanaDevWallet({ confirm: (r) => approve || r.method !== 'standard:connect' }),
      ),
    );
    const refused = connectSolanaWallet(tab, 'solana:0');
    await expect(refused).rejects.toBeInstanceOf(WalletRejectedError);
    await expect(refused).rejects.toMatchObject({
      shortMessage: 'You declined the connection in the wallet. Nothing was sent.',
    });
    approve = true;
    const session = await connectSolanaWallet(tab, 'solana:0');
    approve = false;
    const wallet = tab.solanaWallets?.[0];
    expect(wallet).toBeDefined();
    // Declining the signature: Solflare's words rather than Phantom's code.
    const { tab: other } = await page(async () =>
      registerSolanaDevWallet(
        await createSolanaDevWallet({
          confirm: (r) => {
            if (r.method === 'solana:signTransaction') throw new Error('User rejected the request');
            return true;
          },
        }),
      ),
    );
    const second = await connectSolanaWallet(other, 'solana:0');
    await expect(second.signTransaction(unsignedTransfer(), 'the transfer')).rejects.toMatchObject({
      name: 'WalletRejectedError',
      shortMessage: 'You declined the transfer in the wallet. Nothing was sent.',
    });
    expect(session.address).toBe(DEV_SOLANA_ADDRESS);
  });

  it('refuses to ask a wallet lacking solana:signTransaction, and says so with its name', async () => {
    const { tab, outs } = await page(async () =>
      registerSolanaDevWallet(await createSolanaDevWallet({ name: 'Connect Only', signs: false })),
    );
    const session = await connectSolanaWallet(tab, 'solana:0');
    const before = outs.length;
    const refused = session.signTransaction(unsignedTransfer());
    await expect(refused).rejects.toBeInstanceOf(SolanaWalletFeatureError);
    await expect(refused).rejects.toMatchObject({
      shortMessage: expect.stringMatching(/^Connect Only cannot sign Solana transactions/),
    });
    expect(outs.length).toBe(before);
    // Asked all the same (a forged listing), the page script answers 4200: the same words.
    const forged = { ...session, walletId: 'solana:0' };
    const tabClaimingSigning: TabWallet = {
      ...tab,
      solanaWallets: tab.solanaWallets?.map((w) => ({ ...w, features: ['solana:signTransaction' as const] })),
    };
    const claimed = await connectSolanaWallet(tabClaimingSigning, forged.walletId);
    await expect(claimed.signTransaction(unsignedTransfer())).rejects.toBeInstanceOf(SolanaWalletFeatureError);
  });

  it('refuses an answer without the account signature, a malformed one, and unknown wallets', async () => {
    const { tab } = await page(async () => registerSolanaDevWallet(await createSolanaDevWallet()));
    await expect(connectSolanaWallet(tab, 'solana:9')).rejects.toBeInstanceOf(WalletUnavailableError);
    const session = await connectSolanaWallet(tab, 'solana:0');
    // A transaction another account must sign: the wallet signs nothing of it that is the account's.
    await expect(session.signTransaction(unsignedTransfer(RECEIVER))).rejects.toThrow();
    await expect(session.signTransaction('not base64!')).rejects.toBeInstanceOf(WalletRequestError);
    await expect(session.signTransaction('A'.repeat(2000))).rejects.toBeInstanceOf(WalletRequestError);

    const lying: TabWallet = {
      ...tab,
      request: async (walletId, method, params, what) =>
        method === 'solana:signTransaction'
          ? { signedTransaction: unsignedTransfer() }
          : tab.request(walletId, method, params, what),
    };
    const liar = await connectSolanaWallet(lying, 'solana:0');
    await expect(liar.signTransaction(unsignedTransfer())).rejects.toMatchObject({
      shortMessage: "The Solana wallet's answer does not carry your account's signature. Nothing was sent.",
    });
  });

  it('relays no other feature, and hears account changes as base58 addresses', async () => {
    let wallet: Awaited<ReturnType<typeof createSolanaDevWallet>> | undefined;
    const { tab, send, outs } = await page(async () => {
      wallet = await createSolanaDevWallet();
      registerSolanaDevWallet(wallet);
    });
    const session = await connectSolanaWallet(tab, 'solana:0');
    const seen: string[][] = [];
    session.onAccountChange((addresses) => seen.push(addresses));
    for (const [id, method] of [
      'solana:signMessage',
      'solana:signAndSendTransaction',
      'standard:disconnect',
    ].entries()) {
      send({ type: 'request', id: 90 + id, walletId: 'solana:0', method: method as never, params: [] });
      await vi.waitFor(() =>
        expect(outs).toContainEqual({
          type: 'response',
          id: 90 + id,
          error: { code: 4200, message: 'Method not relayed' },
        }),
      );
    }
    const disconnect = wallet?.features['standard:disconnect'] as { disconnect(): Promise<void> };
    await disconnect.disconnect();
    await vi.waitFor(() => expect(seen).toEqual([[]]));
    await connectSolanaWallet(tab, 'solana:0');
    await vi.waitFor(() => expect(seen).toEqual([[], [DEV_SOLANA_ADDRESS]]));
  });
});
