import { render } from 'preact';
import { useState } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDom, waitFor } from '../../../testing/popup/dom';
import type { PublicSettings } from '../../model/settings';
import { DEFAULT_API_BASE_URL, defaultSettings } from '../../storage/settings';
import { presetOf, RoutingServiceFields, withPreset } from './RoutingServiceFields';

const settings = (overrides: Partial<PublicSettings> = {}): PublicSettings => {
  const { apiKey: _key, ...rest } = defaultSettings();
  return { ...rest, hasApiKey: false, ...overrides };
};

describe('routing service presets', () => {
  it('the build default is the local reference service, speaking the spec', () => {
    expect(presetOf(settings())).toBe('local');
    expect(settings().apiDialect).toBe('spec');
  });

  it('LI.FI (li.quest) sets li.quest and the lifi dialect; local sets the build default and the spec', () => {
    const lifi = withPreset(settings(), 'lifi');
    expect(lifi).toMatchObject({ apiBaseUrl: 'https://li.quest', apiDialect: 'lifi' });
    expect(presetOf(lifi)).toBe('lifi');
    expect(withPreset(lifi, 'local')).toMatchObject({ apiBaseUrl: DEFAULT_API_BASE_URL, apiDialect: 'spec' });
  });

  it('a custom URL keeps the URL and is detected again', () => {
    const custom = withPreset(settings({ apiBaseUrl: 'https://routes.example.org', apiDialect: 'lifi' }), 'custom');
    expect(custom).toMatchObject({ apiBaseUrl: 'https://routes.example.org', apiDialect: 'auto' });
    expect(presetOf(custom)).toBe('custom');
  });

  it('a preset URL with a dialect that does not fit it is shown as custom; `auto` fits either', () => {
    expect(presetOf(settings({ apiBaseUrl: 'https://li.quest', apiDialect: 'spec' }))).toBe('custom');
    expect(presetOf(settings({ apiBaseUrl: 'https://li.quest', apiDialect: 'auto' }))).toBe('lifi');
  });
});

describe('routing service fields (rendered)', () => {
  let dom: ReturnType<typeof installDom>;
  beforeEach(() => {
    dom = installDom();
  });
  afterEach(() => {
    render(null, dom.root);
    dom.cleanup();
  });

  const changeEvent = () => {
    const event = dom.document.createEvent('Event');
    event.initEvent('change', true, false);
    return event;
  };

  /** Chooses an option as a person does (linkedom's select has no value setter). */
  const pick = (select: HTMLSelectElement, value: string) => {
    for (const option of select.querySelectorAll('option')) option.toggleAttribute('selected', option.value === value);
    select.dispatchEvent(changeEvent());
  };

  function Harness() {
    const [draft, setDraft] = useState(settings());
    return <RoutingServiceFields draft={draft} setDraft={setDraft} />;
  }

  it('keeps "Custom URL" chosen and shows its URL field, though the URL is still the preset\'s', async () => {
    const urlField = () => dom.document.querySelector('[data-testid="service-url"]') as HTMLInputElement | null;
    render(<Harness />, dom.root);
    const select = (await waitFor('the preset choice', () =>
      dom.document.querySelector('[data-testid="service-preset"]'),
    )) as HTMLSelectElement;
    expect(urlField()).toBeNull();
    pick(select, 'custom');
    await waitFor('the URL field', () => urlField());
    expect((dom.document.querySelector('[data-testid="service-preset"]') as HTMLSelectElement).value).toBe('custom');
    const url = dom.document.querySelector('[data-testid="service-url"]') as HTMLInputElement;
    expect(url.value).toBe(DEFAULT_API_BASE_URL);
    pick(select, 'lifi');
    await waitFor('the URL field gone with the preset', () => urlField() === null);
    expect((dom.document.querySelector('[data-testid="service-preset"]') as HTMLSelectElement).value).toBe('lifi');
  });
});
