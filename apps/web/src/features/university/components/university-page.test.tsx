import type { UserProfile } from '@portico/contracts';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoProfile, signIn, url } from '../../../../test/app-test-harness.js';
import { AppProviders, createQueryClient } from '../../../app/providers.js';
import { clearTokens } from '../../../lib/auth/tokens.js';
import { useNotificationStore } from '../../../lib/notifications/notification-store.js';
import { setupTestServer } from '../../../../test/msw.js';
import { installTestConfig } from '../../../../test/test-config.js';
import { UniversityPage } from './university-page.js';

// §2 University page, §6 DOCEBO / DOCEBO_PARTNER.

const server = setupTestServer();
// Renders on a shared two-core machine: allow for slow ones.
vi.setConfig({ testTimeout: 20_000 });

const links = {
  learning: 'https://learning.example/standard',
  learningPartner: 'https://learning.example/partner',
  learningCatalogue: 'https://learning.example/catalogue',
  learningLegacy: 'https://legacy.example/',
  learningNorwegian: 'https://learning.example/no',
  learningSwedish: 'https://learning.example/sv',
};

beforeEach(() => {
  const base = installTestConfig();
  installTestConfig({ links: { ...base.links, ...links }, contactEmail: 'learn@portico.test' });
  signIn();
  // A failed profile load raises the §8 notification, which scrolls the page to the top.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  clearTokens();
  useNotificationStore.getState().clear();
});

function withPermissions(
  permissions: string[],
  subscriptionLevel: UserProfile['subscriptionLevel'] = demoProfile.subscriptionLevel,
): UserProfile {
  return { ...demoProfile, permissions, subscriptionLevel };
}

function renderPage(profile: UserProfile) {
  server.use(http.get(url('/api/users/me'), () => HttpResponse.json(profile)));
  render(
    <AppProviders queryClient={createQueryClient()}>
      <UniversityPage />
    </AppProviders>,
  );
}

/** The one learning-platform button of the hero (a link styled as a button). */
const hero = () => screen.getByRole('region', { name: 'University4U' });

function expectNewWindow(link: HTMLElement, href: string) {
  expect(link).toHaveAttribute('href', href);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
  // Said to screen-reader users too, not only shown by the browser.
  expect(link).toHaveAccessibleName(/\(opens in a new window\)$/);
}

describe('University4U', () => {
  it('shows the heading, the introduction and a loading state until the profile is there', async () => {
    let answer: (value: Response) => void = () => undefined;
    server.use(
      http.get(url('/api/users/me'), () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <UniversityPage />
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'University4U' })).toBeVisible();
    expect(screen.getByText(/courses, learning paths and certifications/)).toBeVisible();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your learning options…');
    expect(within(hero()).queryByRole('link')).not.toBeInTheDocument();

    answer(HttpResponse.json(withPermissions(['DOCEBO'])));
    expect(await screen.findByRole('link', { name: /^Go to the learning platform/ })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('DOCEBO: the standard button to the learning platform, in a new window', async () => {
    renderPage(withPermissions(['NEWS', 'DOCEBO']));
    const button = await within(hero()).findByRole('link', {
      name: /^Go to the learning platform/,
    });
    expectNewWindow(button, links.learning);
    expect(button).toHaveClass('ui-button');
    expect(within(hero()).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByText(/does not include the learning platform/)).not.toBeInTheDocument();
  });

  it('DOCEBO_PARTNER: the partner button to the partner platform', async () => {
    renderPage(withPermissions(['PARTNER', 'DOCEBO_PARTNER'], 'PARTNER'));
    const button = await within(hero()).findByRole('link', {
      name: /^Go to the partner learning platform/,
    });
    expectNewWindow(button, links.learningPartner);
    expect(within(hero()).getAllByRole('link')).toHaveLength(1);
  });

  it('both permissions: the partner variant wins', async () => {
    renderPage(withPermissions(['DOCEBO', 'DOCEBO_PARTNER'], 'PARTNER'));
    const button = await within(hero()).findByRole('link', {
      name: /^Go to the partner learning platform/,
    });
    expectNewWindow(button, links.learningPartner);
    expect(within(hero()).getAllByRole('link')).toHaveLength(1);
    expect(
      screen.queryByRole('link', { name: /^Go to the learning platform/ }),
    ).not.toBeInTheDocument();
  });

  it('a customer subscription with DOCEBO_PARTNER: the standard platform, not the partner one (§6 level check)', async () => {
    renderPage(withPermissions(['DOCEBO', 'DOCEBO_PARTNER'], 'ADVANCED'));
    const button = await within(hero()).findByRole('link', {
      name: /^Go to the learning platform/,
    });
    expectNewWindow(button, links.learning);
    expect(
      screen.queryByRole('link', { name: /^Go to the partner learning platform/ }),
    ).not.toBeInTheDocument();
  });

  it('neither: the second-line text with the catalogue link, and the legacy button', async () => {
    renderPage(withPermissions(['NEWS']));
    const legacy = await within(hero()).findByRole('link', {
      name: /^Go to the legacy learning site/,
    });
    expectNewWindow(legacy, links.learningLegacy);
    expect(legacy).toHaveClass('ui-button');
    const secondLine = screen.getByText(/does not include the learning platform/);
    const catalogue = within(secondLine).getByRole('link', {
      name: /^Browse the course catalogue/,
    });
    expectNewWindow(catalogue, links.learningCatalogue);
    expect(screen.queryByRole('link', { name: /learning platform/ })).not.toBeInTheDocument();
  });

  it('always: the Norwegian and Swedish links and the contact address as a mailto link', async () => {
    renderPage(withPermissions(['NEWS']));
    await within(hero()).findByRole('link', { name: /legacy/ });
    expectNewWindow(
      screen.getByRole('link', { name: /^Courses in Norwegian/ }),
      links.learningNorwegian,
    );
    expectNewWindow(
      screen.getByRole('link', { name: /^Courses in Swedish/ }),
      links.learningSwedish,
    );
    const contact = screen.getByText(/^Questions\? Contact us at/);
    expect(contact).toHaveTextContent('Questions? Contact us at learn@portico.test');
    expect(within(contact).getByRole('link', { name: 'learn@portico.test' })).toHaveAttribute(
      'href',
      'mailto:learn@portico.test',
    );
  });

  it('says so in the page when the profile cannot be loaded', async () => {
    server.use(http.get(url('/api/users/me'), () => new HttpResponse(null, { status: 500 })));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <UniversityPage />
      </AppProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your learning options could not be loaded.',
    );
    expect(within(hero()).queryByRole('link')).not.toBeInTheDocument();
  });
});
