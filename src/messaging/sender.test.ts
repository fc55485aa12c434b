import { describe, expect, it } from 'vitest';
import { classifySender, type Sender } from './sender';

const ID = 'ext-id';
const ORIGIN = `chrome-extension://${ID}/`;
const tab = (url: string, id = 3) => ({ id, url }) as Sender['tab'];
const classify = (sender: Sender | undefined) => classifySender(sender, ID, ORIGIN).kind;

describe('classifySender', () => {
  it.each([
    ['the popup', { id: ID, url: `${ORIGIN}popup.html` }, 'page'],
    [
      'the popup opened in a tab',
      { id: ID, url: `${ORIGIN}popup.html#activity`, tab: tab(`${ORIGIN}popup.html#activity`), frameId: 0 },
      'page',
    ],
    [
      'a content script',
      { id: ID, url: 'https://etherscan.io/token/0x1', tab: tab('https://etherscan.io/token/0x1'), frameId: 0 },
      'content',
    ],
    [
      'a content script in a sub-frame',
      { id: ID, url: 'https://widget.example/', tab: tab('https://etherscan.io/'), frameId: 5 },
      'content',
    ],
    [
      'an extension frame inside a web page',
      { id: ID, url: `${ORIGIN}popup.html`, tab: tab('https://evil.example/'), frameId: 2 },
      'unknown',
    ],
    ['another extension', { id: 'other', url: 'chrome-extension://other/page.html' }, 'unknown'],
    [
      'a content script on a non-web page',
      { id: ID, url: 'file:///tmp/x.html', tab: tab('file:///tmp/x.html'), frameId: 0 },
      'unknown',
    ],
    ['a tab without frame', { id: ID, url: 'https://etherscan.io/', tab: tab('https://etherscan.io/') }, 'unknown'],
    ['no sender', undefined, 'unknown'],
  ] as const)('%s is %s', (_name, sender, kind) => {
    expect(classify(sender as Sender | undefined)).toBe(kind);
  });
});
