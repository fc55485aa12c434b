import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type ScriptedServer, startScriptedServer } from './scriptedServer';

/**
 * One scripted server per test file, scripts and recorded requests cleared before each test.
 * Read `.current` inside tests (it is set in beforeAll).
 */
export function useScriptedServer(): { readonly current: ScriptedServer } {
  let server: ScriptedServer | undefined;
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => server?.reset());
  return {
    get current() {
      if (!server) throw new Error('useScriptedServer: the server starts in beforeAll; read it inside a test');
      return server;
    },
  };
}
