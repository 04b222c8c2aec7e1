import { describe, expect, it } from 'vitest';
import { platformAppPerSuite } from '../../test/platform-app.js';
import { sourceMap } from '../../test/temp-dist.js';

describe('source maps of the web build (issue 11 §7)', () => {
  const byDefault = platformAppPerSuite({ tempDist: true });
  const optedIn = platformAppPerSuite({ tempDist: true, env: { SOURCE_MAPS: '1' } });

  it.each([
    '/assets/index-abc123.js.map',
    '/assets/index-abc123.js.MAP',
    '/assets/index-abc123.js%2emap',
    '/assets/index-abc123.js.map?v=1',
  ])('are not served by default: %s answers 404 without the source', async (url) => {
    const res = await byDefault.get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('the whole source');
  });

  it('leaves the scripts themselves alone', async () => {
    const res = await byDefault.get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
  });

  it('are served with SOURCE_MAPS=1', async () => {
    const res = await optedIn.get('/assets/index-abc123.js.map');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(sourceMap);
  });
});
