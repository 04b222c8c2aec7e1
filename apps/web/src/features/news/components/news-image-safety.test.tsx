import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../../../test/app-test-harness.js';
import { newsItem, newsServer } from '../../../../test/news-test-server.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

// Issue 11: a header image address other than http(s) or a same-origin path never reaches
// the page, whatever the server answers (a row written straight to the database).

const server = setUpAppTests();

const js = 'javascript:alert(document.cookie)';
const hostileImage = newsItem(21, {
  title: 'Hostile image',
  headerImage: { large: js, medium: js, small: js },
});
const mixedImage = newsItem(22, {
  title: 'Mixed image',
  headerImage: { large: '/media/ok.png', medium: '//evil.example/x.png', small: '/media/ok.png' },
});
const safeImage = newsItem(23, { title: 'Safe image' });

beforeEach(() => {
  server.use(...newsServer([hostileImage, mixedImage, safeImage]).handlers);
});

describe('news header images in the browser', () => {
  it('the detail page shows no header image for a javascript: address', async () => {
    await renderSignedIn('/news/news-item/hostile-image/21');
    await screen.findByRole('heading', { level: 1, name: 'Hostile image' });
    const article = screen.getByRole('article');
    expect(article.querySelector('picture')).toBeNull();
    expect(document.body.innerHTML).not.toContain('javascript:');
  });

  it('the list shows the logo instead of an unsafe or foreign image, and keeps safe ones', async () => {
    await renderSignedIn('/news');
    const grid = await screen.findByRole('list', { name: 'News items' });
    const cards = await within(grid).findAllByRole('article');
    const imageOf = (title: string) =>
      cards.find((card) => within(card).queryByRole('link', { name: title }))!.querySelector('img');
    expect(imageOf('Hostile image')).toHaveAttribute('src', '/media/logo.svg');
    expect(imageOf('Mixed image')).toHaveAttribute('src', '/media/logo.svg');
    expect(imageOf('Safe image')).toHaveAttribute('src', '/media/news/23-medium.svg');
    expect(document.body.innerHTML).not.toContain('javascript:');
    expect(document.body.innerHTML).not.toContain('evil.example');
  });
});
