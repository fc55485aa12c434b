import { type DevnetDapp, startDevnetDapp } from './devnetDapp';
import { startTamperingProxy } from './tamperingProxy';

export type TamperedDevnetDapp = DevnetDapp & {
  /** The compromised service the extension talks to: the real one behind a proxy that rewrites its answers. */
  proxy: Awaited<ReturnType<typeof startTamperingProxy>>;
};

/**
 * The devnet browser setup (devnetDapp.ts) with the extension pointed at a tampering proxy in front of the reference
 * service, as the attack tests need: `proxy.setTamper` rewrites answers, `stop` closes the proxy too.
 */
export async function startTamperedDevnetDapp(
  options: Omit<Parameters<typeof startDevnetDapp>[0], 'apiBaseUrl'>,
): Promise<TamperedDevnetDapp> {
  let proxy: TamperedDevnetDapp['proxy'] | undefined;
  try {
    const env = await startDevnetDapp({
      ...options,
      apiBaseUrl: async (serviceUrl) => {
        proxy = await startTamperingProxy(serviceUrl);
        return proxy.url;
      },
    });
    const started = proxy!;
    return {
      ...env,
      proxy: started,
      async stop() {
        await env.stop();
        await started.close();
      },
    };
  } catch (err) {
    await proxy?.close();
    throw err;
  }
}
