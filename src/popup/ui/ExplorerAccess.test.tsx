import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installDom, waitFor } from '../../../testing/popup/dom';
import { testChain } from '../../../testing/testChains';
import { missingExplorerPermissions } from '../../explorerCard/sites/permissions';
import { ExplorerAccess } from './ExplorerAccess';

// The real reading of the permissions, watched: its answer is what says the panel has looked.
vi.mock('../../explorerCard/sites/permissions', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../explorerCard/sites/permissions')>();
  return { ...real, missingExplorerPermissions: vi.fn(real.missingExplorerPermissions) };
});

const chains = [
  testChain(1, 'Ethereum', ['https://etherscan.io']),
  testChain(324, 'zkSync', ['https://explorer.zksync.io/']),
  testChain(59144, 'Linea', ['https://explorer.linea.build/']),
];

let dom: ReturnType<typeof installDom>;
let granted: Set<string>;
let answer: boolean;
let requests: string[][];

beforeEach(() => {
  dom = installDom();
  fakeBrowser.reset();
  granted = new Set();
  answer = true;
  requests = [];
  Object.assign(fakeBrowser.permissions, {
    contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((o) => granted.has(o)),
    request: async ({ origins = [] }: { origins?: string[] }) => {
      requests.push(origins);
      if (answer) for (const o of origins) granted.add(o);
      return answer;
    },
  });
});
afterEach(() => {
  render(null, dom.root);
  dom.cleanup();
});

const panel = () => dom.document.querySelector('[data-testid="explorer-access"]');
const button = () => panel()?.querySelector('button') as HTMLButtonElement | null;

describe('ExplorerAccess', () => {
  it('names the catalog explorers still missing access and asks for them from the click', async () => {
    granted.add('https://explorer.linea.build/*');
    render(<ExplorerAccess chains={chains} />, dom.root);
    await waitFor('the offer', () => button());
    expect(panel()?.textContent).toContain('Quotes can also appear on explorer.zksync.io once');
    expect(button()?.textContent).toBe('Allow on this explorer');
    answer = false;
    button()!.click();
    await waitFor('the refusal said', () => panel()?.querySelector('[role="status"]')?.textContent);
    expect(requests).toEqual([['https://explorer.linea.build/*', 'https://explorer.zksync.io/*']]);
    expect(panel()?.querySelector('[role="status"]')?.textContent).toBe(
      'Not allowed: those explorers will show no quotes.',
    );
    answer = true;
    button()!.click();
    await waitFor('access asked again', () => requests.length > 1);
    await waitFor('the offer gone', () => panel() === null);
  });

  it('shows nothing when every explorer is well known or already allowed', async () => {
    const looked = vi.mocked(missingExplorerPermissions);
    looked.mockClear();
    await act(() => {
      render(<ExplorerAccess chains={[chains[0]!]} />, dom.root);
    });
    const answer = await waitFor('the permissions read', () => looked.mock.settledResults[0]);
    expect(answer).toEqual({ type: 'fulfilled', value: [] });
    await act(async () => {});
    expect(panel()).toBeNull();
  });
});
