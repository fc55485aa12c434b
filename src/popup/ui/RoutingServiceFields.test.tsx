import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '../../model/settings';
import { DEFAULT_API_BASE_URL, defaultSettings } from '../../storage/settings';
import { presetOf, withPreset } from './RoutingServiceFields';

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
