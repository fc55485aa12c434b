import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountActivity, sentTransfer } from '../../../testing/popup/activity';
import { installDom, waitFor } from '../../../testing/popup/dom';
import type { TransferRecord } from '../../model/transfer';

let dom: ReturnType<typeof installDom>;
let saved: { name: string; text: string }[];
beforeEach(() => {
  dom = installDom();
  saved = [];
  // What the browser's download would write: the blob behind the link, under the link's file name.
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const anchor = Object.getPrototypeOf(dom.document.createElement('a')) as { click(): void };
  vi.spyOn(anchor, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) void blob.text().then((text) => saved.push({ name: this.download, text }));
  });
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
  vi.restoreAllMocks();
});

const done = sentTransfer({
  status: 'DONE',
  substatus: 'COMPLETED',
  final: true,
  sentCheck: { state: 'verified', rpcHost: 'rpc', gasPaid: '210000000000000' },
  receiving: { amount: '2490000', chainId: 10 },
  arrival: { state: 'confirmed', amount: '2490000', rpcHost: 'rpc' },
});
const records: TransferRecord[] = [
  { id: done.txHash, createdAt: done.createdAt, updatedAt: done.updatedAt, sends: [done] },
];
const clickEvent = () => {
  const e = dom.document.createEvent('Event');
  e.initEvent('click', true, true);
  return e;
};

const exportSaid = () => dom.document.querySelector('[data-testid="export-said"]');

describe('history export (rendered)', () => {
  it('saves the history as Koinly’s CSV, with the chains’ figures, and says where', async () => {
    await mountActivity(dom.root, records);
    (dom.document.querySelector('[data-testid="export-csv"]') as HTMLElement).dispatchEvent(clickEvent());
    await waitFor('the file saved and said', () => saved.length > 0 && exportSaid());
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^bridge-companion-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, line] = saved[0]!.text.split('\r\n');
    expect(header).toMatch(/^Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency/);
    expect(line).toMatch(/^2023-11-14 22:13 UTC,2\.5,USDC,2\.49,USDC,0\.00021,ETH,,,,/);
    expect(dom.document.querySelector('[data-testid="export-said"]')?.textContent).toBe(`Saved ${saved[0]!.name}.`);
  });

  it('saves the JSON with every transaction', async () => {
    await mountActivity(dom.root, records);
    (dom.document.querySelector('[data-testid="export-json"]') as HTMLElement).dispatchEvent(clickEvent());
    await waitFor('the file saved and said', () => saved.length > 0 && exportSaid());
    const json = JSON.parse(saved[0]!.text);
    expect(json.transfers).toHaveLength(1);
    expect(json.transfers[0]).toMatchObject({
      received: { amount: '2.49', symbol: 'USDC' },
      gas: { amount: '0.00021' },
    });
  });

  it('offers no export while Activity holds nothing', async () => {
    await mountActivity(dom.root, []);
    expect(dom.document.querySelector('[data-testid="history-export"]')).toBeNull();
  });
});
