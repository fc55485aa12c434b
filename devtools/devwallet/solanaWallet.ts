import {
  type Address,
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signTransaction,
} from '@solana/kit';
import {
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features';
import { registerWallet } from '@wallet-standard/wallet';
import { ProviderRpcError } from './devWallet';
import { DEV_SOLANA_KEY_SEED } from './keys';

/** The chain the Dev Wallet signs for: the devnet answers as Solana mainnet (src/wallet/pageChannel.ts). */
const CHAIN = 'solana:mainnet' as const;

export type SolanaDevWalletRequest = { method: 'standard:connect' | 'solana:signTransaction'; params?: unknown };

export type SolanaDevWalletOptions = {
  /** 32-byte Ed25519 seed, hex; default the devnet's funded Dev Wallet key (keys.ts). */
  seedHex?: string;
  name?: string;
  /**
   * Asked before connecting and before each signature, as a person approves in their wallet; false declines
   * (thrown as code 4001 "User rejected the request.", as Phantom does).
   */
  confirm?(request: SolanaDevWalletRequest): boolean | Promise<boolean>;
  /** Offer `solana:signTransaction` (default true): false makes a wallet that only connects. */
  signs?: boolean;
};

export type SolanaDevWallet = Wallet & { readonly address: Address };

const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7b3fe4"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif">D</text></svg>',
)}`;

/**
 * The Dev Wallet's Solana side: a Wallet Standard wallet (as Phantom, Solflare and Backpack register) holding one
 * Ed25519 key, with `standard:connect`, `standard:disconnect`, `standard:events` and `solana:signTransaction`
 * (legacy and v0 transactions, signed with @solana/kit). It signs what it is given after `confirm`; it never sends.
 */
export async function createSolanaDevWallet(options: SolanaDevWalletOptions = {}): Promise<SolanaDevWallet> {
  const seed = hexToBytes(options.seedHex ?? DEV_SOLANA_KEY_SEED);
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
  const publicKey = new Uint8Array(getAddressEncoder().encode(signer.address));
  const signs = options.signs ?? true;
  const account: WalletAccount = Object.freeze<WalletAccount>({
    address: signer.address,
    publicKey,
    chains: [CHAIN],
    features: signs ? [SolanaSignTransaction as typeof SolanaSignTransaction] : [],
  });
  let connected = false;
  const listeners = new Set<StandardEventsListeners['change']>();
  const changed = () => {
    for (const listener of listeners) listener({ accounts: connected ? [account] : [] });
  };
  const ask = async (request: SolanaDevWalletRequest) => {
    if (!(await (options.confirm?.(request) ?? true))) throw new ProviderRpcError(4001, 'User rejected the request.');
  };

  const connect: StandardConnectFeature[typeof StandardConnect] = {
    version: '1.0.0',
    async connect(input) {
      if (!connected) {
        if (input?.silent) return { accounts: [] };
        await ask({ method: 'standard:connect' });
        connected = true;
        changed();
      }
      return { accounts: [account] };
    },
  };
  const disconnect: StandardDisconnectFeature[typeof StandardDisconnect] = {
    version: '1.0.0',
    async disconnect() {
      connected = false;
      changed();
    },
  };
  const events: StandardEventsFeature[typeof StandardEvents] = {
    version: '1.0.0',
    on(event, listener) {
      if (event !== 'change') return () => {};
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const sign: SolanaSignTransactionFeature[typeof SolanaSignTransaction] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signTransaction(...inputs: readonly SolanaSignTransactionInput[]) {
      const outputs = [];
      for (const input of inputs) {
        if (!connected || input.account.address !== account.address) {
          throw new ProviderRpcError(4100, 'The account is not connected.');
        }
        const transaction = getTransactionDecoder().decode(input.transaction);
        await ask({
          method: 'solana:signTransaction',
          params: { chain: input.chain, bytes: input.transaction.length },
        });
        const signed = await signTransaction([signer.keyPair], transaction);
        outputs.push({ signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed)) });
      }
      return outputs;
    },
  };

  return {
    version: '1.0.0',
    name: options.name ?? 'Dev Wallet',
    icon: ICON,
    chains: [CHAIN],
    features: {
      [StandardConnect]: connect,
      [StandardDisconnect]: disconnect,
      [StandardEvents]: events,
      ...(signs ? { [SolanaSignTransaction]: sign } : {}),
    },
    get accounts() {
      return connected ? [account] : [];
    },
    address: signer.address,
  };
}

/** Registers the wallet in the page as the Wallet Standard describes (now, and whenever an app says it is ready). */
export function registerSolanaDevWallet(wallet: SolanaDevWallet): void {
  registerWallet(wallet);
}

function hexToBytes(hex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('a Solana seed is 32 bytes of hex');
  return Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
}
