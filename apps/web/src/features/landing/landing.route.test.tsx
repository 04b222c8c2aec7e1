import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers.js';
import { routePaths } from '../../config/paths.js';
import { installTestConfig } from '../../../test/test-config.js';
import { landingPageFor } from './landing-pages.js';
import LandingRoute from './landing.route.js';

// §2 resources, salespartners, marketplace, billingplatform: title, description, one button.

const links = {
  resources: 'https://resources.example/home',
  salesPartners: 'https://partners.example/sales',
  marketplace: 'https://market.example/',
  billing: 'https://billing.example/points',
};

beforeEach(() => {
  const base = installTestConfig();
  installTestConfig({ links: { ...base.links, ...links } });
});

function renderAt(path: string) {
  const landingPaths = [
    routePaths.resources,
    routePaths.salesPartners,
    routePaths.marketplace,
    routePaths.billingPlatform,
  ];
  const router = createMemoryRouter(
    landingPaths.map((p) => ({ path: p, Component: LandingRoute })),
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('landing pages', () => {
  it.each([
    ['/resources', 'Resources4U', /customer stories/, /^Go to Resources4U/, links.resources],
    [
      '/salespartners',
      'Sales partner resources',
      /sales playbooks/,
      /^Go to the sales partner site/,
      links.salesPartners,
    ],
    [
      '/marketplace',
      'Marketplace',
      /apps, extensions and integrations/,
      /^Go to the Marketplace/,
      links.marketplace,
    ],
    [
      '/billingplatform',
      'Billing Platform',
      /success points/,
      /^Go to the Billing Platform/,
      links.billing,
    ],
  ])(
    '%s: title, description and one button to its platform',
    async (path, title, description, button, href) => {
      renderAt(path);
      const heading = await screen.findByRole('heading', { level: 1, name: title });
      expect(heading).toBeVisible();
      expect(screen.getByText(description)).toBeVisible();
      const [link, ...others] = screen.getAllByRole('link');
      expect(others).toHaveLength(0);
      expect(link).toHaveAccessibleName(button);
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link?.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
      expect(link).toHaveAccessibleName(/\(opens in a new window\)$/);
    },
  );

  it('follows the router in ignoring case and a trailing slash', async () => {
    renderAt('/MarketPlace/');
    expect(await screen.findByRole('link', { name: /^Go to the Marketplace/ })).toHaveAttribute(
      'href',
      links.marketplace,
    );
  });

  it('knows only its four paths', () => {
    expect(landingPageFor('/resources')?.titleKey).toBe('landing.resources.title');
    expect(landingPageFor('/csm')).toBeUndefined();
    expect(landingPageFor('/constructor')).toBeUndefined();
    expect(landingPageFor('/')).toBeUndefined();
  });
});
