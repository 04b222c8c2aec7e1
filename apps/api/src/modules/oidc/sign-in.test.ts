import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { authorizeUrl, browser, follow, type Browser } from '../../../test/oidc-flow.js';
import type { TestApp } from '../../../test/test-app.js';
import { appPerSuite } from '../../../test/suite-app.js';

const anna = 'anna.customer@portico.test';
const incorrect = 'The email or password is incorrect.';

/** Opens the sign-in page of a fresh authorisation request; returns the form's address. */
async function openSignIn(client: Browser, t: Pick<TestApp, 'app'>) {
  const page = await follow(
    client,
    await client.get(authorizeUrl(t.app, { responseType: 'code', codeChallenge: 'x'.repeat(43) })),
  );
  const action = /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1];
  return { page, action: action! };
}

/** Sends the sign-in form of a fresh page with `fields`, from a browser at `ip`. */
async function postSignIn(
  t: Pick<TestApp, 'app'>,
  ip: string,
  fields: { email: string; password: string },
) {
  const client = browser(t.app, ip);
  const { action } = await openSignIn(client, t);
  return client.postForm(action, fields);
}

function errorRegion(html: string): string | undefined {
  return /<div id="sign-in-error" class="error" role="alert">(.*?)<\/div>/s.exec(html)?.[1];
}

describe('the sign-in page of the embedded provider (issue 2 §3)', () => {
  const t = appPerSuite();

  it('has a heading, labelled Email and Password fields and a Sign in button', async () => {
    const { page, action } = await openSignIn(browser(t.app), t);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toMatch(/<h1>Sign in to Portico<\/h1>/);
    const document = new JSDOM(page.body).window.document;
    for (const [name, label, autocomplete] of [
      ['email', 'Email', 'username'],
      ['password', 'Password', 'current-password'],
    ]) {
      expect(page.body).toContain(`<label for="${name}">${label}</label>`);
      const input = document.querySelector(`input#${name}`);
      expect(input?.getAttribute('name'), name).toBe(name);
      expect(input?.getAttribute('type'), name).toBe(name);
      expect(input?.getAttribute('autocomplete'), name).toBe(autocomplete);
    }
    expect(page.body).toContain('<button type="submit" class="ui-button">Sign in</button>');
    expect(action).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    expect(errorRegion(page.body)).toBe('');
  });

  it('works under the strict Content-Security-Policy: no inline script or style', async () => {
    const { page } = await openSignIn(browser(t.app), t);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.body).not.toMatch(/<style|\sstyle="/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    const css = await t.app.inject({ method: 'GET', url: '/oidc/assets/sign-in.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('says the same thing for a wrong password and for an unknown e-mail, and keeps the e-mail', async () => {
    const client = browser(t.app, '198.51.100.1');
    const { action } = await openSignIn(client, t);

    const wrongPassword = await client.postForm(action, {
      email: anna,
      password: 'not-her-password',
    });
    const unknownUser = await client.postForm(action, {
      email: 'nobody@portico.test',
      password: 'portico-demo',
    });

    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(422);
      expect(errorRegion(response.body)).toBe(`<p>${incorrect}</p>`);
      expect(response.body).toContain('aria-invalid="true"');
    }
    expect(wrongPassword.body.replace(anna, 'E')).toBe(
      unknownUser.body.replace('nobody@portico.test', 'E'),
    );
    expect(wrongPassword.body).toContain(`value="${anna}"`);
    expect(unknownUser.body).toContain('value="nobody@portico.test"');
  }, 60_000);

  it('answers an e-mail with control characters like an unknown one (a NUL cannot be looked up)', async () => {
    const response = await postSignIn(t, '198.51.100.5', {
      email: 'anna\u0000.customer@portico.test',
      password: 'portico-demo',
    });
    expect(response.statusCode).toBe(422);
    expect(errorRegion(response.body)).toBe(`<p>${incorrect}</p>`);
  });

  it('asks for both fields when one is empty', async () => {
    const response = await postSignIn(t, '198.51.100.2', { email: anna, password: '' });
    expect(response.statusCode).toBe(400);
    expect(errorRegion(response.body)).toBe('<p>Enter your email and password.</p>');
  });

  it('escapes what was typed', async () => {
    const response = await postSignIn(t, '198.51.100.3', {
      email: '"><script>alert(1)</script>',
      password: 'x',
    });
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('refuses a post without the browser’s interaction cookie', async () => {
    const { action } = await openSignIn(browser(t.app), t);
    const stranger = browser(t.app, '198.51.100.4');
    const response = await stranger.postForm(action, { email: anna, password: 'portico-demo' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Your sign-in has expired');
    expect(response.headers.location).toBeUndefined();
  });

  it('rate-limits an address after 5 failures, even with the right password, and not other addresses', async () => {
    const attacker = browser(t.app, '203.0.113.9');
    const { action } = await openSignIn(attacker, t);
    for (let i = 0; i < 5; i += 1) {
      const response = await attacker.postForm(action, { email: anna, password: `guess-${i}` });
      expect(response.statusCode).toBe(422);
    }
    const limited = await attacker.postForm(action, { email: anna, password: 'portico-demo' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('300');
    expect(limited.body).toContain(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );

    const neighbour = browser(t.app, '203.0.113.10');
    const other = await openSignIn(neighbour, t);
    const signedIn = await neighbour.postForm(other.action, {
      email: anna,
      password: 'portico-demo',
    });
    expect(signedIn.statusCode).toBe(303);
  }, 120_000); // seven password verifications: slow on a busy machine, by design
});
