import { describe, expect, it } from 'vitest';
import { originPatternFor } from './hostPermission';

describe('originPatternFor', () => {
  it('asks nothing for the loopback hosts the manifest grants', () => {
    expect(originPatternFor('http://127.0.0.1:8787')).toBeUndefined();
    expect(originPatternFor('http://localhost:3000/api')).toBeUndefined();
  });
  it('names the host of any other API', () => {
    expect(originPatternFor('https://li.quest/v1')).toBe('https://li.quest/*');
    expect(originPatternFor('http://10.0.0.5:8080')).toBe('http://10.0.0.5/*');
  });
  it('ignores what is not an http(s) URL', () => {
    expect(originPatternFor('ftp://x')).toBeUndefined();
    expect(originPatternFor('not a url')).toBeUndefined();
  });
});

describe('originPatternFor in a store build', () => {
  it('asks nothing for LI.FI, which the store manifest grants, and asks for loopback, which it does not', () => {
    expect(originPatternFor('https://li.quest', true)).toBeUndefined();
    expect(originPatternFor('http://127.0.0.1:8787', true)).toBe('http://127.0.0.1/*');
    expect(originPatternFor('https://li.quest.evil.example', true)).toBe('https://li.quest.evil.example/*');
  });
});
