/**
 * Leaving the app for another document (the identity provider, the logout endpoint). One
 * object so tests can observe where the app would go: vi.spyOn(browserRedirect, 'to').
 */
export const browserRedirect = {
  to(url: string): void {
    window.location.assign(url);
  },
};
