import { type Address, isAddress } from '@solana/kit';
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import type { SolanaDevnet } from './solana';
import { accountJson, RpcFault, tokenAmountJson } from './solanaRpcShapes';

/**
 * `getTokenAccountsByOwner` over the devnet's VM: the SPL token accounts `owner` holds of one mint (`{ mint }`) or
 * of the token program (`{ programId }`), in `base64` or `jsonParsed`, as a node answers it. litesvm cannot list
 * accounts by owner, so the devnet looks among every account a transaction named and the owner's associated token
 * accounts of its mints (server/devnet/solana.ts `knownAccounts`): every token account on the devnet is one of them.
 */

const TOKEN_ACCOUNT_SIZE = 165;
/** Token-2022: a node lists its accounts too; the devnet runs no Token-2022 mint, so it answers none. */
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const STATES = ['uninitialized', 'initialized', 'frozen'] as const;

type Context = { slot: bigint };

export async function getTokenAccountsByOwner(solana: SolanaDevnet, context: Context, params: unknown[]) {
  const [owner, filter, rawConfig] = params;
  if (typeof owner !== 'string' || !isAddress(owner)) throw new RpcFault(-32602, 'Invalid param: Invalid');
  const { mint, programId } = (typeof filter === 'object' && filter !== null ? filter : {}) as Record<string, unknown>;
  if ((mint === undefined) === (programId === undefined)) {
    throw new RpcFault(-32602, 'Invalid params: expected a mint or programId filter');
  }
  if (mint !== undefined && (typeof mint !== 'string' || !isAddress(mint))) {
    throw new RpcFault(-32602, 'Invalid param: Invalid');
  }
  if (programId !== undefined && programId !== TOKEN_PROGRAM_ADDRESS && programId !== TOKEN_2022_PROGRAM) {
    // What a node answers for any program that is not a token program.
    throw new RpcFault(-32602, 'Invalid param: unrecognized Token program id');
  }
  const { encoding = 'base64' } = (typeof rawConfig === 'object' && rawConfig !== null ? rawConfig : {}) as {
    encoding?: unknown;
  };
  if (encoding !== 'base64' && encoding !== 'jsonParsed') {
    throw new RpcFault(-32602, `Invalid params: encoding ${String(encoding)} is not served by the devnet`);
  }
  const found: { pubkey: Address; account: unknown }[] = [];
  if (programId === TOKEN_2022_PROGRAM) return { context, value: found };
  for (const pubkey of await solana.knownAccounts(owner)) {
    const account = solana.svm.getAccount(pubkey);
    if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) continue;
    if (account.data.length !== TOKEN_ACCOUNT_SIZE) continue;
    const token = getTokenDecoder().decode(account.data);
    if (token.owner !== owner || (mint !== undefined && token.mint !== mint)) continue;
    const base = accountJson(account)!;
    if (encoding === 'base64') {
      found.push({ pubkey, account: base });
      continue;
    }
    const mintAccount = solana.svm.getAccount(token.mint);
    const decimals = mintAccount.exists ? getMintDecoder().decode(mintAccount.data).decimals : 0;
    const some = <T>(option: { __option: 'Some'; value: T } | { __option: 'None' }) =>
      option.__option === 'Some' ? option.value : undefined;
    const delegate = some(token.delegate);
    const closeAuthority = some(token.closeAuthority);
    found.push({
      pubkey,
      account: {
        ...base,
        data: {
          program: 'spl-token',
          parsed: {
            type: 'account',
            info: {
              isNative: token.isNative.__option === 'Some',
              mint: token.mint,
              owner: token.owner,
              state: STATES[token.state] ?? 'uninitialized',
              tokenAmount: tokenAmountJson(token.amount, decimals),
              ...(delegate ? { delegate, delegatedAmount: tokenAmountJson(token.delegatedAmount, decimals) } : {}),
              ...(closeAuthority ? { closeAuthority } : {}),
            },
          },
          space: BigInt(TOKEN_ACCOUNT_SIZE),
        },
      },
    });
  }
  return { context, value: found };
}
