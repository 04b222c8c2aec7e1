import { describe, expect, it } from 'vitest';
import { frameAddress, isSameOrigin, withFrameToken } from './frame-address.js';

// §2 services: frame address = configured base + route path; query parameters passed on.
const origin = 'https://portal.example';

describe('frameAddress', () => {
  it('puts the route path under a same-origin base', () => {
    expect(frameAddress('/support-desk', 'incident', '', origin).href).toBe(
      'https://portal.example/support-desk/incident',
    );
    expect(frameAddress('/support-desk/', 'contacts', '', origin).href).toBe(
      'https://portal.example/support-desk/contacts',
    );
  });

  it('puts the route path under an external base, keeping its own query', () => {
    expect(frameAddress('https://desk.example/sp?lang=en', 'portals', '', origin).href).toBe(
      'https://desk.example/sp/portals?lang=en',
    );
  });

  it('passes the route query on, repeated names included', () => {
    const address = frameAddress('/support-desk', 'track-cases', '?status=new&x=1&x=2', origin);
    expect(address.pathname).toBe('/support-desk/track-cases');
    expect([...address.searchParams]).toEqual([
      ['status', 'new'],
      ['x', '1'],
      ['x', '2'],
    ]);
  });

  it('keeps an encoded case number encoded', () => {
    expect(frameAddress('/support-desk', 'track-case/CS%2F1%3Fa', '', origin).pathname).toBe(
      '/support-desk/track-case/CS%2F1%3Fa',
    );
  });
});

describe('isSameOrigin', () => {
  it('is true only for the portal origin', () => {
    expect(isSameOrigin(new URL('https://portal.example/support-desk'), origin)).toBe(true);
    expect(isSameOrigin(new URL('https://desk.example/support-desk'), origin)).toBe(false);
    expect(isSameOrigin(new URL('http://portal.example/support-desk'), origin)).toBe(false);
  });
});

describe('withFrameToken', () => {
  it('adds t and replaces a t the route brought along', () => {
    const address = new URL('https://portal.example/support-desk/track-cases?t=evil&status=new');
    expect(withFrameToken(address, 'tok en')).toBe('/support-desk/track-cases?t=tok+en&status=new');
    // The address itself is left as it was.
    expect(address.searchParams.get('t')).toBe('evil');
  });
});
