import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTokenDecoder,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalog } from '../catalog/catalog';
import { SolanaDevnet } from './solana';
import { type SolanaRpcServer, startSolanaRpc } from './solanaRpc';

const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');

async function post(
  url: string,
  body: unknown,
): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as never;
}

describe('the devnet Solana JSON-RPC, sending', () => {
  let solana: SolanaDevnet;
  let server: SolanaRpcServer;
  let rpc: ReturnType<typeof createSolanaRpc>;
  let person: KeyPairSigner;
  beforeAll(async () => {
    solana = await SolanaDevnet.start(getCatalog());
    server = await startSolanaRpc(solana);
    rpc = createSolanaRpc(server.url);
    person = await generateKeyPairSigner();
    const airdrop = await post(server.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'requestAirdrop',
      params: [person.address, 2_000_000_000],
    });
    expect(solana.transaction(airdrop.result as string)?.err).toBeNull();
    await solana.fund(person.address, USDC, 100_000_000n);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The person pays `amount` USDC to `to`'s associated account, signed, on the RPC's latest blockhash. */
  async function usdcTransfer(to: string, amount: bigint) {
    const [source] = await findAssociatedTokenPda({
      owner: person.address,
      mint: USDC,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const [destination] = await findAssociatedTokenPda({
      owner: address(to),
      mint: USDC,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const { value: lifetime } = await rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(person, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getCreateAssociatedTokenIdempotentInstruction({
              payer: person,
              ata: destination,
              owner: address(to),
              mint: USDC,
            }),
            getTransferCheckedInstruction({ source, mint: USDC, destination, authority: person, amount, decimals: 6 }),
          ],
          m,
        ),
    );
    return { transaction: await signTransactionMessageWithSigners(message), source, destination, lifetime };
  }

  it('simulates with the accounts as they would be after, then sends, and the transaction lands as simulated', async () => {
    const receiver = (await generateKeyPairSigner()).address;
    const { transaction, source, destination } = await usdcTransfer(receiver, 25_000_000n);
    const wire = getBase64EncodedWireTransaction(transaction);
    const simulated = await rpc
      .simulateTransaction(wire, {
        encoding: 'base64',
        sigVerify: false,
        replaceRecentBlockhash: true,
        accounts: { encoding: 'base64', addresses: [source, destination, person.address] },
      })
      .send();
    const value = simulated.value;
    expect(value.err).toBeNull();
    expect(value.replacementBlockhash?.blockhash).toBe((await rpc.getLatestBlockhash().send()).value.blockhash);
    const [after, created, payer] = value.accounts;
    const decode = (data: readonly [string, string]) => getTokenDecoder().decode(getBase64Encoder().encode(data[0]));
    expect(decode(after!.data).amount).toBe(75_000_000n);
    expect(decode(created!.data)).toMatchObject({ owner: receiver, amount: 25_000_000n });
    expect(created!.owner).toBe(TOKEN_PROGRAM_ADDRESS);
    expect(value.fee).toBeGreaterThan(0n);
    expect(payer!.lamports).toBe(solana.solBalance(person.address) - value.fee! - created!.lamports);
    // Nothing moved: a simulation is thrown away.
    expect(await solana.tokenBalance(person.address, USDC)).toBe(100_000_000n);

    const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    const statuses = await rpc.getSignatureStatuses([signature]).send();
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    expect(await solana.tokenBalance(receiver, USDC)).toBe(25_000_000n);
    expect(await solana.tokenBalance(person.address, USDC)).toBe(75_000_000n);
    const landed = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    expect(landed!.meta!.fee).toBe(value.fee);

    const owned = await rpc.getTokenAccountsByOwner(person.address, { mint: USDC }, { encoding: 'jsonParsed' }).send();
    expect(owned.value).toHaveLength(1);
    expect(owned.value[0]!.pubkey).toBe(source);
    expect(owned.value[0]!.account.data.parsed.info).toMatchObject({
      mint: USDC,
      owner: person.address,
      state: 'initialized',
      tokenAmount: { amount: '75000000', decimals: 6, uiAmountString: '75' },
    });
    const byProgram = await rpc
      .getTokenAccountsByOwner(receiver, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' })
      .send();
    expect(byProgram.value.map((a) => a.pubkey)).toEqual([destination]);
    const token2022 = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
    expect(
      (await rpc.getTokenAccountsByOwner(receiver, { programId: token2022 }, { encoding: 'base64' }).send()).value,
    ).toEqual([]);
    expect(
      (
        await rpc
          .getTokenAccountsByOwner(
            receiver,
            { mint: address('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB') },
            { encoding: 'base64' },
          )
          .send()
      ).value,
    ).toEqual([]);

    // The same transaction again: already processed, refused by the preflight, and nothing moves twice.
    const again = await post(server.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [wire, { encoding: 'base64' }],
    });
    expect(again.error?.code).toBe(-32002);
    expect(await solana.tokenBalance(receiver, USDC)).toBe(25_000_000n);
  });

  it('refuses in the preflight what would fail, with its error and logs, and lets skipPreflight land it failing', async () => {
    const { transaction } = await usdcTransfer((await generateKeyPairSigner()).address, 10n ** 12n);
    const wire = getBase64EncodedWireTransaction(transaction);
    const refused = await post(server.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [wire, { encoding: 'base64' }],
    });
    expect(refused.error?.code).toBe(-32002);
    expect(refused.error?.message).toBe(
      'Transaction simulation failed: Error processing Instruction 1: custom program error: 0x1',
    );
    expect((refused.error!.data as { logs: string[] }).logs.join('\n')).toContain('insufficient funds');
    const skipped = await post(server.url, {
      jsonrpc: '2.0',
      id: 2,
      method: 'sendTransaction',
      params: [wire, { encoding: 'base64', skipPreflight: true }],
    });
    const status = await rpc.getSignatureStatuses([skipped.result as never]).send();
    expect(status.value[0]?.err).toEqual({ InstructionError: [1n, { Custom: 1n }] });
  });

  it('refuses a changed signature, and a blockhash past its 150 slots', async () => {
    const { transaction, lifetime } = await usdcTransfer((await generateKeyPairSigner()).address, 1n);
    const forged = { ...transaction, signatures: { [person.address]: new Uint8Array(64).fill(7) } };
    const refused = await post(server.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [getBase64EncodedWireTransaction(forged as never), { encoding: 'base64' }],
    });
    expect(refused.error).toMatchObject({ code: -32003, message: 'Transaction signature verification failure' });

    expect((await rpc.isBlockhashValid(lifetime.blockhash).send()).value).toBe(true);
    solana.svm.warpToSlot(lifetime.lastValidBlockHeight + 1n);
    expect((await rpc.isBlockhashValid(lifetime.blockhash).send()).value).toBe(false);
    const wire = getBase64EncodedWireTransaction(transaction);
    const stale = await rpc.simulateTransaction(wire, { encoding: 'base64', sigVerify: true }).send();
    expect(stale.value.err).toBe('BlockhashNotFound');
    const late = await post(server.url, {
      jsonrpc: '2.0',
      id: 2,
      method: 'sendTransaction',
      params: [wire, { encoding: 'base64' }],
    });
    expect(late.error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: Blockhash not found' });
    // replaceRecentBlockhash still simulates it, on the latest blockhash.
    const replaced = await rpc.simulateTransaction(wire, { encoding: 'base64', replaceRecentBlockhash: true }).send();
    expect(replaced.value.err).toBeNull();
    const both = await post(server.url, {
      jsonrpc: '2.0',
      id: 3,
      method: 'simulateTransaction',
      params: [wire, { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true }],
    });
    expect(both.error?.code).toBe(-32602);
  });
});
