import { address, createSolanaRpc, getBase64Encoder } from '@solana/kit';
import { getTokenDecoder } from '@solana-program/token';

/** One SPL token account (SPL Token or Token-2022) as the chain holds it. */
export type SolanaTokenAccount = {
  address: string;
  program: string;
  mint: string;
  owner: string;
  amount: bigint;
  /** Who may spend from it besides its owner, and how much; undefined when nobody. */
  delegate: string | undefined;
  delegatedAmount: bigint;
  closeAuthority: string | undefined;
};

export type ReadSolanaTokenAccountsParameters = { rpcUrl: string; owner: string; timeoutMs?: number };

const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'];
/** The base account layout both token programs share (Token-2022's extensions follow it). */
const BASE_ACCOUNT_SIZE = 165;

/** A token account's bytes (base64) decoded, or undefined when they are not one. */
export function decodeSolanaTokenAccount(
  accountAddress: string,
  program: string,
  base64: string,
): SolanaTokenAccount | undefined {
  const bytes = getBase64Encoder().encode(base64);
  if (bytes.length < BASE_ACCOUNT_SIZE) return undefined;
  const token = getTokenDecoder().decode(bytes.slice(0, BASE_ACCOUNT_SIZE));
  return {
    address: accountAddress,
    program,
    mint: token.mint,
    owner: token.owner,
    amount: token.amount,
    delegate: token.delegate.__option === 'Some' ? token.delegate.value : undefined,
    delegatedAmount: token.delegatedAmount,
    closeAuthority: token.closeAuthority.__option === 'Some' ? token.closeAuthority.value : undefined,
  };
}

/**
 * Every token account `owner` holds, of both token programs, through the trusted Solana RPC
 * (`getTokenAccountsByOwner`, base64, decoded here rather than believed in the node's parsed form).
 */
export async function readSolanaTokenAccounts({
  rpcUrl,
  owner,
  timeoutMs = 8_000,
}: ReadSolanaTokenAccountsParameters): Promise<SolanaTokenAccount[]> {
  const rpc = createSolanaRpc(rpcUrl);
  const lists = await Promise.all(
    TOKEN_PROGRAMS.map((program) =>
      rpc
        .getTokenAccountsByOwner(address(owner), { programId: address(program) }, { encoding: 'base64' })
        .send({ abortSignal: AbortSignal.timeout(timeoutMs) })
        .then(({ value }) =>
          value.flatMap(({ pubkey, account }) => {
            if (account.owner !== program) return [];
            const decoded = decodeSolanaTokenAccount(pubkey, program, account.data[0]);
            return decoded && decoded.owner === owner ? [decoded] : [];
          }),
        ),
    ),
  );
  return lists.flat();
}
