import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn, url } from '../../../../test/app-test-harness.js';
import { newsItem, newsServer } from '../../../../test/news-test-server.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

// §2 News detail; §8 error catalogue (404 in the page); §9 image breakpoints.

const server = setUpAppTests();

const hostile = newsItem(12, {
  title: 'Cloud region opens in Frankfurt',
  subtitle: 'Lower latency for central Europe',
  location: 'Frankfurt',
  introduction: 'Customers can now run environments from Frankfurt.',
  content:
    '<p>Safe <strong>text</strong></p><script>window.__pwned = true</script>' +
    '<img src="x.png" onerror="window.__pwned = true" alt="chart">' +
    '<a href="javascript:alert(1)">bad link</a>',
});
const salesItem = newsItem(13, { title: 'Talk to us about FP&A', sales: true, headerImage: null });

beforeEach(() => {
  server.use(...newsServer([hostile, salesItem]).handlers);
});

const open = renderSignedIn;

const stayInformed = () => screen.getByRole('complementary', { name: 'Stay informed' });

describe('news detail', () => {
  it('shows the item with its responsive header image and a sanitised body', async () => {
    await open('/news/news-item/cloud-region-opens-in-frankfurt/12');

    const title = await screen.findByRole('heading', {
      level: 1,
      name: 'Cloud region opens in Frankfurt',
    });
    expect(title).toBeVisible();
    expect(screen.getByText('Lower latency for central Europe')).toBeVisible();
    expect(screen.getByText('Frankfurt')).toBeVisible();
    expect(screen.getByText('22 February 2026')).toBeVisible();
    expect(screen.getByText('Customers can now run environments from Frankfurt.')).toBeVisible();

    const article = screen.getByRole('article');
    expect(within(article).getByText('text')).toBeVisible();
    expect(article.querySelector('script')).toBeNull();
    expect(article.innerHTML).not.toContain('onerror');
    expect(article.innerHTML).not.toContain('__pwned');
    expect(article.innerHTML).not.toContain('javascript:');
    expect(within(article).getByRole('img', { name: 'chart' })).toBeInTheDocument();

    // §9: small up to 768 px, medium up to 1024 px, large above.
    const sources = [...article.querySelectorAll('picture source')].map((source) => [
      source.getAttribute('media'),
      source.getAttribute('srcset'),
    ]);
    expect(sources).toEqual([
      ['(max-width: 768px)', '/media/news/12-small.svg'],
      ['(max-width: 1024px)', '/media/news/12-medium.svg'],
    ]);
    expect(article.querySelector('picture img')).toHaveAttribute('src', '/media/news/12-large.svg');
    // Each variant carries its size, so the page does not shift when the picture arrives.
    expect(
      [...article.querySelectorAll('picture source, picture img')].map((element) => [
        element.getAttribute('width'),
        element.getAttribute('height'),
      ]),
    ).toEqual([
      ['300', '125'],
      ['600', '250'],
      ['1200', '500'],
    ]);

    // Not a sales item: no account-manager card.
    expect(screen.queryByRole('region', { name: 'Your account manager' })).toBeNull();
    // Always the "Stay informed" tile, linking to the subscriptions.
    expect(within(stayInformed()).getByRole('link')).toHaveAttribute(
      'href',
      '/my-settings/subscriptions#general-news',
    );
  });

  it('shows the account-manager card for a sales item', async () => {
    server.use(
      http.get(url('/api/account'), () =>
        HttpResponse.json({
          name: 'Sofia Marquez',
          email: 'sofia.marquez@portico.test',
          phoneNumber: '+31 30 760 4410',
          mobilePhoneNumber: null,
        }),
      ),
    );
    await open('/news/news-item/talk-to-us-about-fp-a/13');
    await screen.findByRole('heading', { level: 1, name: 'Talk to us about FP&A' });
    // No header image: no picture at all.
    expect(screen.getByRole('article').querySelector('picture')).toBeNull();

    const card = await screen.findByRole('region', { name: 'Your account manager' });
    expect(await within(card).findByText('Sofia Marquez')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'sofia.marquez@portico.test' })).toHaveAttribute(
      'href',
      'mailto:sofia.marquez@portico.test',
    );
    expect(stayInformed()).toBeVisible();
  });

  it('shows the fallback card for a sales item when the account has no manager', async () => {
    server.use(http.get(url('/api/account'), () => new HttpResponse(null, { status: 204 })));
    await open('/news/news-item/talk-to-us-about-fp-a/13');
    const card = await screen.findByRole('region', { name: 'Your account manager' });
    expect(await within(card).findByRole('link', { name: 'Contact us' })).toBeVisible();
  });

  it('shows the 404 text of the error catalogue for an unknown id', async () => {
    await open('/news/news-item/gone/999');
    expect(
      await screen.findByText(
        'Something went wrong. Please send an email to support@portico.test if the situation persists.',
      ),
    ).toBeVisible();
    expect(stayInformed()).toBeVisible();
  });

  it('uses the 404 label from the server when there is one, and for an id that is not a number', async () => {
    server.use(
      http.get(url('/api/content/labels/cpplabels'), () =>
        HttpResponse.json([{ key: 'errormessage.404', value: 'Not here. Write to {email}.' }]),
      ),
    );
    await open('/news/news-item/gone/not-a-number');
    expect(await screen.findByText('Not here. Write to support@portico.test.')).toBeVisible();
  });
});
