import type { Browser } from 'wxt/browser';

/**
 * Who sent a message. Extension pages (popup, options, the popup opened in a tab) run on the extension's origin;
 * content scripts run in a web page's tab and frame. Anything else (another extension, a page we cannot place) is
 * `unknown` and refused everything.
 */
export type SenderKind =
  | { kind: 'page'; url: string }
  | { kind: 'content'; tabId: number; frameId: number; url: string }
  | { kind: 'unknown'; reason: string };

export type Sender = Browser.runtime.MessageSender;

const isWebUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

export function classifySender(sender: Sender | undefined, extensionId: string, extensionOrigin: string): SenderKind {
  if (!sender) return { kind: 'unknown', reason: 'no sender' };
  if (sender.id !== undefined && sender.id !== extensionId) return { kind: 'unknown', reason: 'another extension' };
  const url = sender.url;
  if (url?.startsWith(extensionOrigin)) {
    // The popup has no tab; an extension page opened in a tab has a tab whose URL is ours too.
    if (!sender.tab || sender.tab.url === undefined || sender.tab.url.startsWith(extensionOrigin)) {
      return { kind: 'page', url };
    }
    return { kind: 'unknown', reason: 'extension frame inside a web page' };
  }
  if (sender.tab?.id !== undefined && typeof sender.frameId === 'number' && isWebUrl(url)) {
    return { kind: 'content', tabId: sender.tab.id, frameId: sender.frameId, url };
  }
  return { kind: 'unknown', reason: 'not an extension page nor a content script' };
}
