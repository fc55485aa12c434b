import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiBaseUrlProblem, SettingsPatchSchema, slippageProblem } from './settingsPatch';

describe('API base URL rule', () => {
  it.each([
    'https://li.quest',
    'https://li.quest/v1/',
    'http://127.0.0.1:8787',
    'http://localhost:8787',
    'http://[::1]:8787',
  ])('accepts %s', (url) => {
    expect(apiBaseUrlProblem(url)).toBeUndefined();
    expect(v.safeParse(SettingsPatchSchema, { apiBaseUrl: url }).success).toBe(true);
  });

  it.each([
    'http://li.quest',
    'http://192.168.1.20:8787',
    'http://127.0.0.1.example.org',
    'http://localhost.attacker.example',
  ])('refuses %s: the key would travel in clear', (url) => {
    expect(apiBaseUrlProblem(url)).toMatch(/travel in clear/);
    const result = v.safeParse(SettingsPatchSchema, { apiBaseUrl: url });
    expect(result.success).toBe(false);
    expect(result.issues?.map((i) => i.message)).toEqual([expect.stringMatching(/^must use https/)]);
  });

  it.each(['ftp://li.quest', 'https://user:pw@li.quest', 'https://li.quest/?a=1', 'not a url'])(
    'refuses the malformed %s with the shape rule only',
    (url) => {
      expect(apiBaseUrlProblem(url)).toMatch(/^must be an http\(s\) URL/);
      expect(v.safeParse(SettingsPatchSchema, { apiBaseUrl: url }).issues?.length).toBe(1);
    },
  );
});

describe('theme setting', () => {
  it('takes system, light or dark, and nothing else', () => {
    for (const theme of ['system', 'light', 'dark']) {
      expect(v.safeParse(SettingsPatchSchema, { theme }).success).toBe(true);
    }
    const result = v.safeParse(SettingsPatchSchema, { theme: 'sepia' });
    expect(result.issues?.map((i) => i.message)).toEqual(['must be one of system, light, dark']);
  });
});

describe('language and slippage settings', () => {
  it("takes the browser's language, English or German, and nothing else", () => {
    for (const language of ['browser', 'en', 'de']) {
      expect(v.safeParse(SettingsPatchSchema, { language }).success).toBe(true);
    }
    expect(v.safeParse(SettingsPatchSchema, { language: 'fr' }).success).toBe(false);
  });

  it('refuses a slippage above 50 % with the words the Settings form shows', () => {
    expect(slippageProblem(0.5)).toBeUndefined();
    expect(slippageProblem(0)).toBeUndefined();
    for (const refused of [0.51, 0.6, -0.01, Number.NaN]) {
      expect(slippageProblem(refused)).toBe('Enter a slippage from 0 to 50 %.');
    }
    expect(v.safeParse(SettingsPatchSchema, { slippage: 0.51 }).success).toBe(false);
  });
});
