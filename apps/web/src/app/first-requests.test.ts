import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupTestServer } from '../../test/msw.js';
import { installTestConfig } from '../../test/test-config.js';
import { demoProfile, signIn, url } from '../../test/app-test-harness.js';
import { startFirstRequests } from './first-requests.js';
import { createQueryClient } from './providers.js';

// ADR 0021: every request of the first screen starts at once, before the first render.

const asked: string[] = [];
const server = setupTestServer(
  http.get(url('/api/users/me'), () => {
    asked.push('profile');
    return HttpResponse.json(demoProfile);
  }),
  http.get(url('/api/content/labels/cpplabels'), ({ request }) => {
    asked.push(`labels ${new URL(request.url).searchParams.get('language') ?? ''}`);
    return HttpResponse.json([]);
  }),
  http.get(url('/api/content/labels/cppproducts'), () => {
    asked.push('products');
    return HttpResponse.json([]);
  }),
  http.get(url('/shared/header'), ({ request }) => {
    asked.push(`header ${request.headers.get('cookie')?.includes('USER=') ? 'with USER' : ''}`);
    return HttpResponse.text('<div>header</div>');
  }),
  http.get(url('/shared/footer'), ({ request }) => {
    asked.push(`footer ${new URL(request.url).searchParams.get('language') ?? ''}`);
    return HttpResponse.text('<div>footer</div>');
  }),
  http.get(url('/shared/sprite.svg'), () => {
    asked.push('sprite');
    return HttpResponse.text('<svg></svg>', { headers: { 'Content-Type': 'image/svg+xml' } });
  }),
  http.get(url('/api/notifications'), () => {
    asked.push('notifications');
    return HttpResponse.json({ items: [], unreadCount: 0 });
  }),
  http.get(url('/api/news'), ({ request }) => {
    asked.push(`news ${new URL(request.url).search}`);
    return HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
  }),
);

const at = (address: string) => new URL(address, 'http://localhost') as unknown as Location;

beforeEach(() => {
  installTestConfig();
  asked.length = 0;
});
// A test's sprite and bell calls start two tasks after its page's: let them end within the
// test, not against the next one's handlers (or after the server has closed).
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  server.resetHandlers();
});

describe('startFirstRequests', () => {
  it('starts profile, labels, products and the news page the address asks for, side by side', async () => {
    signIn();
    // Profile and labels answer late: the news page is asked for without waiting for any
    // answer (in the task after theirs), so before the header and footer that wait for them.
    server.use(
      http.get(url('/api/users/me'), async () => {
        asked.push('profile');
        await delay(100);
        return HttpResponse.json(demoProfile);
      }),
      http.get(url('/api/content/labels/cpplabels'), async () => {
        asked.push('labels en');
        await delay(100);
        return HttpResponse.json([]);
      }),
    );
    const queryClient = createQueryClient();
    void startFirstRequests(queryClient, at('/news/2?query=cloud'));
    await expect.poll(() => asked.length).toBeGreaterThanOrEqual(4);
    expect(asked.slice(0, 4)).toEqual(
      expect.arrayContaining([
        'profile',
        'labels en',
        'products',
        expect.stringMatching(/^news \?page=2&size=30&query=cloud$/),
      ]),
    );
  });

  it("then the header for the profile and the footer in the labels' language; settles once all have", async () => {
    signIn();
    const queryClient = createQueryClient();
    await startFirstRequests(queryClient, at('/university'));
    expect(asked).toEqual(expect.arrayContaining(['header with USER', 'footer en']));
    expect(asked.indexOf('header with USER')).toBeGreaterThan(asked.indexOf('profile'));
    expect(asked.indexOf('footer en')).toBeGreaterThan(asked.indexOf('labels en'));
    // The shell finds them under its own keys (app-shell.tsx): nothing left to fetch.
    expect(queryClient.isFetching()).toBe(0);
  });

  it("asks for the icon sprite and the bell's list after the page's calls, without waiting for them", async () => {
    signIn();
    const queryClient = createQueryClient();
    // The order the queries start in (the server may see two requests in either order).
    const started: string[] = [];
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'fetch') {
        started.push(JSON.stringify(event.query.queryKey));
      }
    });
    await startFirstRequests(queryClient, at('/news'));
    await expect.poll(() => asked.includes('sprite') && asked.includes('notifications')).toBe(true);
    // After the news page was asked for: a task of their own, never before the page's data.
    const sprite = started.findIndex((key) => key.startsWith('["shell","sprite"'));
    const news = started.findIndex((key) => key.includes('"list"'));
    expect(news).toBeGreaterThanOrEqual(0);
    expect(sprite).toBeGreaterThan(news);
    expect(asked).toEqual(expect.arrayContaining([expect.stringMatching(/^news /)]));
    // The shell and the bell find them under their own keys: nothing is asked twice.
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(queryClient.getQueryData(['notifications'])).toEqual({ items: [], unreadCount: 0 });
    expect(queryClient.getQueryState(['notifications'])?.dataUpdateCount).toBe(1);
  });

  it('asks for no news list on the detail page or elsewhere', async () => {
    signIn();
    void startFirstRequests(createQueryClient(), at('/news/news-item/a-title/4'));
    void startFirstRequests(createQueryClient(), at('/university'));
    await expect.poll(() => asked.filter((a) => a === 'profile').length).toBe(2);
    expect(asked.some((a) => a.startsWith('news'))).toBe(false);
  });

  it('starts nothing when signed out (the guard sends the visitor to sign in)', async () => {
    void startFirstRequests(createQueryClient(), at('/news'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });
});
