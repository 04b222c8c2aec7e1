import { describe, expect, it } from 'vitest';
import { platformAppPerSuite } from '../../test/platform-app.js';

describe('health probes (issue 2 §7)', () => {
  const suite = platformAppPerSuite({ ready: false });

  const states = {
    starting: { ready: false, shuttingDown: false },
    ready: { ready: true, shuttingDown: false },
    'shutting down': { ready: true, shuttingDown: true },
  } as const;

  /** Puts the app in the named state and asks `url`; the app is left starting again. */
  const probe = async (state: keyof typeof states, url: string) => {
    Object.assign(suite.app.state, states[state]);
    try {
      const res = await suite.get(url);
      expect(res.headers['cache-control'], url).toBe('no-store');
      return { status: res.statusCode, body: res.json<unknown>() };
    } finally {
      Object.assign(suite.app.state, states.starting);
    }
  };

  it.each([
    ['starting', 503, 'starting'],
    ['ready', 200, 'ready'],
    ['shutting down', 503, 'shutting-down'],
  ] as const)('reports readiness while %s: %i %s', async (state, status, answer) => {
    expect(await probe(state, '/health/ready')).toEqual({ status, body: { status: answer } });
  });

  it.each(Object.keys(states) as (keyof typeof states)[])('is live while %s', async (state) => {
    expect(await probe(state, '/health/live')).toEqual({ status: 200, body: { status: 'live' } });
  });
});
