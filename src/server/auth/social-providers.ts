import type { GenericOAuthConfig } from 'better-auth/plugins';
import { z } from 'zod';

/**
 * Social sign-in providers, configured by the environment: OIDC_PROVIDERS holds a JSON list such as
 * `[{"id":"google","name":"Google","discoveryUrl":"https://accounts.google.com/.well-known/openid-configuration","clientId":"…","clientSecret":"…"}]`.
 * Each provider must list `${PUBLIC_URL}/api/auth/callback/<id>` as a redirect URI.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const providerSchema = z.object({
  id: z
    .string({ error: 'id is required' })
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'id must be lowercase letters, digits and dashes (it is part of the callback URL)'),
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(60),
  discoveryUrl: z.string({ error: 'discoveryUrl is required' }).refine(
    (value) => {
      try {
        const url = new URL(value);
        // Discovery tells us where to send users and whose keys to trust: plain HTTP only on this machine.
        return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
      } catch {
        return false;
      }
    },
    { message: 'discoveryUrl must be an https:// URL of the provider’s /.well-known/openid-configuration' },
  ),
  clientId: z.string({ error: 'clientId is required' }).min(1, 'clientId is required'),
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string().min(1)).optional(),
});

const providersSchema = z
  .array(providerSchema, { error: 'must be a JSON list of providers' })
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, { message: 'ids must be unique' });

export type OidcProvider = z.output<typeof providerSchema>;

/**
 * Parses OIDC_PROVIDERS. Problems name the variable and the provider but never echo the value,
 * which holds client secrets.
 */
export function parseOidcProviders(raw: string | undefined): { providers: OidcProvider[] } | { problems: string[] } {
  if (raw === undefined || raw.trim() === '') return { providers: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { problems: ['Configuration error: OIDC_PROVIDERS must be valid JSON (a list of providers)'] };
  }
  const parsed = providersSchema.safeParse(json);
  if (parsed.success) return { providers: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => {
      const where = typeof issue.path[0] === 'number' ? ` provider ${issue.path[0] + 1}` : '';
      return `Configuration error: OIDC_PROVIDERS${where}: ${issue.message}`;
    }),
  };
}

/** better-auth's generic OAuth configuration for the configured providers: OpenID Connect with PKCE. */
export function genericOAuthConfig(providers: OidcProvider[]): GenericOAuthConfig[] {
  return providers.map((provider) => ({
    providerId: provider.id,
    name: provider.name,
    discoveryUrl: provider.discoveryUrl,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: provider.scopes ?? ['openid', 'email', 'profile'],
    pkce: true,
    // Without the provider's signing keys an ID token could not be verified: skip such a provider.
    requireIdTokenVerification: true,
  }));
}

/** What the web app may know about the providers: never the client credentials. */
export function publicProviders(providers: OidcProvider[]): Array<{ id: string; name: string }> {
  return providers.map(({ id, name }) => ({ id, name }));
}
