import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** Cookies of one simulated browser (name → value; paths ignored, that is enough here). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * A browser-like client of the app: the public host, a cookie jar, an optional address.
 * Clients of several instances behind one balancer share one jar.
 */
export function browser(app: FastifyInstance, remoteAddress = '127.0.0.1', jar = new CookieJar()) {
  const host = new URL(app.env.PUBLIC_URL).host;
  return {
    jar,
    async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
      const url = options.url.startsWith('http') ? new URL(options.url) : undefined;
      const response = await app.inject({
        ...options,
        url: url ? `${url.pathname}${url.search}` : options.url,
        remoteAddress,
        headers: { host, cookie: jar.header(), ...options.headers },
      });
      jar.store(response);
      return response;
    },
    get(url: string) {
      return this.request({ method: 'GET', url });
    },
    postForm(url: string, fields: Record<string, string>) {
      return this.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    },
  };
}

export type Browser = ReturnType<typeof browser>;

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeOptions {
  responseType: 'code' | 'id_token token';
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  /** Where the provider sends the browser back; the SPA's callback unless given. */
  redirectUri?: string;
  /** The scopes asked for; the SPA's unless given. */
  scope?: string;
}

/** The address of the authorisation request the SPA makes (issue 2 §3, spec §4). */
export function authorizeUrl(app: FastifyInstance, options: AuthorizeOptions): string {
  const query = new URLSearchParams({
    client_id: app.env.OIDC_CLIENT_ID,
    response_type: options.responseType,
    scope: options.scope ?? 'openid profile email',
    redirect_uri: options.redirectUri ?? `${app.env.PUBLIC_URL}/state-redirect`,
    state: options.state ?? Buffer.from('/news').toString('base64'),
    nonce: options.nonce ?? randomBytes(12).toString('base64url'),
  });
  if (options.codeChallenge) {
    query.set('code_challenge', options.codeChallenge);
    query.set('code_challenge_method', 'S256');
  }
  return `/oidc/auth?${query.toString()}`;
}

/**
 * The SPA's code exchange at /oidc/token with its PKCE verifier, sent from `origin` (the public
 * URL unless given) with the callback there as redirect address; the caller judges the answer.
 */
export function exchangeCode(
  app: FastifyInstance,
  code: string,
  verifier: string,
  origin: string = app.env.PUBLIC_URL,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      host: new URL(app.env.PUBLIC_URL).host,
      origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${origin}/state-redirect`,
      client_id: app.env.OIDC_CLIENT_ID,
      code_verifier: verifier,
    }).toString(),
  });
}

/** Follows redirects inside our server until one leaves it (or a page is shown). */
export async function follow(
  client: Browser,
  response: LightMyRequestResponse,
): Promise<LightMyRequestResponse> {
  let current = response;
  for (let hops = 0; hops < 10; hops += 1) {
    const location = current.headers.location;
    if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string')
      return current;
    if (location.includes('/state-redirect')) return current;
    current = await client.get(location);
  }
  throw new Error('too many redirects');
}

/**
 * Drives a whole sign-in like a browser: authorise → sign-in page → form post → back to the
 * provider → the redirect to the SPA's callback, whose Location is returned.
 */
export async function signInThroughProvider(
  client: Browser,
  app: FastifyInstance,
  options: AuthorizeOptions & { email: string; password: string },
): Promise<URL> {
  const page = await follow(client, await client.get(authorizeUrl(app, options)));
  if (page.statusCode !== 200)
    throw new Error(`expected the sign-in page, got ${page.statusCode}: ${page.body}`);
  const action = /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) throw new Error('no sign-in form on the page');
  const posted = await client.postForm(action.replaceAll('&amp;', '&'), {
    email: options.email,
    password: options.password,
  });
  const callback = await follow(client, posted);
  const location = callback.headers.location;
  if (typeof location !== 'string' || !location.includes('/state-redirect')) {
    throw new Error(
      `expected a redirect to the callback, got ${callback.statusCode}: ${callback.body}`,
    );
  }
  return new URL(location, app.env.PUBLIC_URL);
}
