import { afterEach, describe, expect, it, vi } from 'vitest';
import { local, session } from './storage.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const isList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

describe('safe storage', () => {
  it('reads and writes like Web Storage', () => {
    local.set('k', 'v');
    session.setJson('j', ['a']);
    expect(local.get('k')).toBe('v');
    expect(localStorage.getItem('k')).toBe('v');
    expect(session.getJson('j', isList)).toEqual(['a']);
    local.remove('k');
    expect(local.get('k')).toBeNull();
  });

  it('gives null for invalid or unexpected JSON', () => {
    sessionStorage.setItem('bad', '{');
    sessionStorage.setItem('num', '3');
    expect(session.getJson('bad', isList)).toBeNull();
    expect(session.getJson('num', isList)).toBeNull();
  });

  it('behaves like an empty storage when storage is disabled', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(denied);
    expect(() => local.set('k', 'v')).not.toThrow();
    expect(local.get('k')).toBeNull();
    expect(() => session.remove('k')).not.toThrow();
    expect(session.getJson('k', isList)).toBeNull();
  });
});
