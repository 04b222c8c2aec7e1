import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers.js';
import { captureRedirects } from '../../../test/sign-in.js';
import { installTestConfig } from '../../../test/test-config.js';
import CsmRoute from './csm.route.js';

// §2 csm: redirects the whole window to the support portal.

const csm = 'https://support.example/portal?from=portico';

beforeEach(() => {
  const base = installTestConfig();
  installTestConfig({ links: { ...base.links, csm } });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/csm', () => {
  it('sends the whole window to the support portal once, saying so meanwhile', () => {
    const redirects = captureRedirects();
    render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <CsmRoute />
        </AppProviders>
      </StrictMode>,
    );
    expect(redirects.mock.calls).toEqual([[csm]]);
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to the support portal…');
    expect(screen.getByRole('link', { name: 'Continue to the support portal' })).toHaveAttribute(
      'href',
      csm,
    );
  });
});
