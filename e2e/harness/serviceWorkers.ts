import type { BrowserContext } from 'playwright';

type VersionUpdate = { versions: { scriptURL: string; runningStatus: string }[] };

/**
 * Stops the extension's service worker as Chrome does when it is idle (CDP `ServiceWorker.stopAllWorkers`, what
 * chrome://serviceworker-internals' Stop button does), and resolves once Chrome reports it stopped. The CDP session
 * hangs off an extension-origin page that runs no script (the icon), so it does not wake the worker by itself.
 * Playwright reports neither the stop nor the next start of the worker (its Worker handle goes stale): after this,
 * talk to the extension through an extension page.
 */
export async function stopServiceWorker(context: BrowserContext, extensionId: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`chrome-extension://${extensionId}/icon/128.png`);
    const cdp = await context.newCDPSession(page);
    const stopped = new Promise<void>((done) => {
      cdp.on('ServiceWorker.workerVersionUpdated', (event: VersionUpdate) => {
        if (event.versions.some((v) => v.scriptURL.endsWith('/background.js') && v.runningStatus === 'stopped')) done();
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await Promise.race([
      stopped,
      new Promise((_, reject) => setTimeout(() => reject(new Error('service worker did not stop')), 15_000)),
    ]);
    await cdp.detach();
  } finally {
    await page.close();
  }
}
