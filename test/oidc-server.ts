import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider, { type Adapter, type AdapterPayload, type ClientMetadata, type FindAccount } from 'oidc-provider';
import { freePort } from './ports';

/**
 * A real OpenID Connect provider (panva's oidc-provider, certified) on 127.0.0.1, for social
 * sign-in tests. There is no login page: the interaction signs in the user named by the
 * authorization request's `login_hint` (or `defaultUser`) and consents to what was asked, so
 * fetch-driven tests and the browser both just follow redirects.
 */

export interface OidcTestUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcTestServer {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, OidcTestUser>;
  /** Signed in when the authorization request carries no login_hint. */
  defaultUser: string | undefined;
  addUser(user: OidcTestUser): void;
  /** Registers the app's callback, known only once the app listens (after discovery succeeded). */
  allowRedirect(redirectUri: string): void;
  /**
   * Tokens issued to the app's client for `sub`, obtained outside the app (own PKCE verifier):
   * what an attacker holding a leaked ID token would have.
   */
  issueTokens(sub: string): Promise<{ id_token: string; access_token: string }>;
  /** The value of OIDC_PROVIDERS pointing at this server. */
  providersEnv(id: string, name: string): string;
  close(): Promise<void>;
}

type Stored = { payload: AdapterPayload; expiresAt: number };

/** oidc-provider's storage contract over one Map; clients are stored here too, so they can be added late. */
function memoryAdapter(store: Map<string, Stored>) {
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    private get(key: string) {
      const entry = store.get(key);
      if (entry && entry.expiresAt < Date.now()) store.delete(key);
      return entry && entry.expiresAt >= Date.now() ? entry.payload : undefined;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
    }
    async find(id: string) {
      return this.get(this.key(id));
    }
    async findByUid(uid: string) {
      for (const [key, entry] of store) if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return this.get(key);
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [key, entry] of store) if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode) return this.get(key);
      return undefined;
    }
    async consume(id: string) {
      const entry = this.get(this.key(id));
      if (entry) entry.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}

export async function startOidcServer(options: { users?: OidcTestUser[] } = {}): Promise<OidcTestServer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'carerelay-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const users = new Map((options.users ?? []).map((user) => [user.sub, user]));
  const store = new Map<string, Stored>();
  const redirectUris: string[] = [];

  const findAccount: FindAccount = async (_ctx, sub) => {
    const user = users.get(sub);
    if (!user) return undefined;
    return { accountId: sub, claims: async () => ({ ...user }) };
  };

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(store),
    findAccount,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    // Like Google: the email and name are in the ID token itself, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Every client must use PKCE (S256 is the only method oidc-provider accepts).
    pkce: { required: () => true },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Explicit lifetimes (seconds) for what a test run creates; the defaults print a notice each.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
  });

  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void interact(provider, self, req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
      return;
    }
    void provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  const self: OidcTestServer = {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    users,
    defaultUser: undefined,
    addUser(user) {
      users.set(user.sub, user);
    },
    allowRedirect(redirectUri) {
      redirectUris.push(redirectUri);
      const metadata: ClientMetadata = {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [...redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      };
      store.set(`Client:${clientId}`, { payload: metadata, expiresAt: Infinity });
    },
    async issueTokens(sub) {
      const redirectUri = redirectUris[0];
      if (!redirectUri) throw new Error('allowRedirect first');
      const verifier = randomBytes(32).toString('base64url');
      const authorize = new URL(`${issuer}/auth`);
      authorize.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'openid email profile',
        redirect_uri: redirectUri,
        state: randomBytes(8).toString('hex'),
        nonce: randomBytes(8).toString('hex'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        login_hint: sub,
      }).toString();
      const { final } = await followRedirects(authorize.toString(), new CookieJar(), (url) => url.toString().startsWith(redirectUri));
      const code = final.searchParams.get('code');
      if (!code) throw new Error(`no code: ${final.toString()}`);
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret, code_verifier: verifier }),
      });
      if (!response.ok) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id_token: string; access_token: string };
    },
    providersEnv(id, name) {
      return JSON.stringify([{ id, name, discoveryUrl: self.discoveryUrl, clientId, clientSecret }]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return self;
}

/** Completes whichever prompt the provider asks for: login as the hinted user, then consent. */
async function interact(provider: Provider, oidc: OidcTestServer, req: http.IncomingMessage, res: http.ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : oidc.defaultUser;
    const user = [...oidc.users.values()].find((candidate) => candidate.sub === hint || candidate.email === hint);
    if (!user) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'unknown test user' });
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
    return;
  }
  const accountId = details.session?.accountId;
  const clientId = details.params.client_id;
  if (!accountId || typeof clientId !== 'string') throw new Error('consent without a signed-in user');
  const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId });
  if (!grant) throw new Error('grant not found');
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/**
 * A browser's cookie handling, reduced to what a redirect chain between the app and the provider
 * needs: one jar for 127.0.0.1 (cookies ignore ports), expired cookies removed.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=');
        const k = key.trim().toLowerCase();
        return (k === 'max-age' && Number(raw) <= 0) || (k === 'expires' && new Date(raw).getTime() < Date.now());
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Only the app's own cookies, as the `Cookie` header for API calls. */
  appCookies(): string {
    return [...this.cookies]
      .filter(([name]) => name.startsWith('carerelay.'))
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }
}

export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

/**
 * GETs `url` and follows redirects by hand (so every hop can be inspected), sending and storing
 * cookies like a browser. Stops at the first non-redirect answer, or at `stopAt` (a URL for which
 * it returns true, e.g. the provider's callback when a test wants to tamper with it).
 */
export async function followRedirects(url: string, jar: CookieJar, stopAt?: (url: URL) => boolean): Promise<{ hops: Hop[]; final: URL }> {
  const hops: Hop[] = [];
  let current = new URL(url);
  for (let i = 0; i < 20; i++) {
    if (stopAt?.(current)) return { hops, final: current };
    const response = await fetch(current, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    hops.push({ url: current.toString(), status: response.status, location });
    await response.arrayBuffer();
    if (response.status < 300 || response.status >= 400 || !location) return { hops, final: current };
    current = new URL(location, current);
  }
  throw new Error(`too many redirects from ${url}`);
}
