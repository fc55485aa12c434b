import { createCardLoader } from '../explorerCard/loader/cardLoader';
import { listenGrantedPages } from '../explorerCard/loader/grantedPages';
import { listenTokenPages } from '../explorerCard/loader/tokenPageEvents';
import { removeAllListeners } from '../messaging/protocol';
import type { BackgroundDeps } from './deps';
import { registerExecutionNoticeClicks } from './execution/executionNotices';
import { pageFacing, registerAllMessages } from './messages/registerAll';
import { createRegister } from './messages/registry';
import { registerNotificationClicks } from './transfers/notifications';

/**
 * Registers every listener of the worker, synchronously (an MV3 worker woken by an event must have its listeners
 * before the first await): messages, the status alarm, notification clicks, the settings' storage, explorer pages.
 * Returns the function that removes them all.
 */
export function listenAll(deps: BackgroundDeps): () => void {
  const { settings, language, scheduler, store } = deps;
  registerAllMessages(
    createRegister(async () => [(await settings.get()).apiKey], language.settled),
    deps,
  );
  const cards = createCardLoader(pageFacing(deps));
  const removers = [
    removeAllListeners,
    scheduler.listen(),
    registerNotificationClicks(store),
    registerExecutionNoticeClicks(),
    settings.watch(),
    listenTokenPages((visit) => void cards.show(visit)),
    listenGrantedPages((visit) => void cards.show(visit)),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
