import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { devAccount } from '../../../server/devnet/accounts';
import { installEns } from '../../../server/devnet/ens';
import { useChainHarness } from '../../../testing/background/chainHarness';
import { PAGE, send } from '../../../testing/background/harness';

/** resolveEnsName against a real Ethereum (anvil with the devnet's ENS, server/devnet/ens.ts) through the trusted RPC. */
describe('resolveEnsName', () => {
  const ctx = useChainHarness(1, []);
  beforeAll(async () => {
    await installEns(ctx.chain.rpcUrl);
  });

  const resolve = async (name: string) => {
    const reply = await send('resolveEnsName', { name }, PAGE);
    if (!reply.ok) throw new Error(reply.error.shortMessage);
    return reply.value;
  };

  it('answers the address a name points to, checksummed, under its normalised name', async () => {
    expect(await resolve('Alice.eth')).toEqual({ kind: 'resolved', name: 'alice.eth', address: devAccount(1).address });
  });

  it('says a name that points nowhere, and text that is no name, apart and in words', async () => {
    expect(await resolve('nobody.eth')).toEqual({ kind: 'notFound', name: 'nobody.eth' });
    const invalid = await resolve('ali ce.eth');
    expect(invalid.kind).toBe('failed');
    expect(invalid.kind === 'failed' && invalid.message).toMatch(/not a valid ENS name/);
  });

  it('refuses data that is no name', async () => {
    const reply = await send('resolveEnsName', { name: 42 }, PAGE);
    expect(reply.ok).toBe(false);
  });
});
