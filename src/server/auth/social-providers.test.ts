import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { genericOAuthConfig, parseOidcProviders, publicProviders } from './social-providers';

const google = {
  id: 'google',
  name: 'Google',
  discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
  clientId: 'client-1',
  clientSecret: 'very-secret-value',
};

function configProblems(value: string): string[] {
  try {
    loadConfig({ OIDC_PROVIDERS: value });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('OIDC_PROVIDERS', () => {
  it('is optional: no providers', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
    expect(loadConfig({ OIDC_PROVIDERS: ' ' }).oidcProviders).toEqual([]);
  });

  it('reads a JSON list of providers', () => {
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify([google]) }).oidcProviders).toEqual([google]);
  });

  it('stops configuration with a line naming OIDC_PROVIDERS when malformed, never echoing the secret', () => {
    expect(configProblems('[{"id":"google",')).toEqual(['Configuration error: OIDC_PROVIDERS must be valid JSON (a list of providers)']);
    expect(configProblems(JSON.stringify({ google }))).toEqual(['Configuration error: OIDC_PROVIDERS: must be a JSON list of providers']);
    const problems = configProblems(JSON.stringify([google, { ...google, id: 'okta', clientId: '', discoveryUrl: 'http://idp.example/.well-known/openid-configuration' }]));
    expect(problems).toEqual([
      expect.stringMatching(/^Configuration error: OIDC_PROVIDERS provider 2: discoveryUrl must be an https:\/\/ URL/),
      'Configuration error: OIDC_PROVIDERS provider 2: clientId is required',
    ]);
    expect(problems.join('\n')).not.toContain(google.clientSecret);
  });

  it('refuses duplicate ids and ids that cannot be part of a URL', () => {
    expect(parseOidcProviders(JSON.stringify([google, google]))).toEqual({ problems: ['Configuration error: OIDC_PROVIDERS: ids must be unique'] });
    const bad = parseOidcProviders(JSON.stringify([{ ...google, id: 'Google/1' }]));
    expect(bad).toEqual({ problems: [expect.stringContaining('OIDC_PROVIDERS provider 1: id must be lowercase letters')] });
  });

  it('allows plain http discovery on this machine only (tests, local development)', () => {
    const local = { ...google, discoveryUrl: 'http://127.0.0.1:9000/.well-known/openid-configuration' };
    expect(parseOidcProviders(JSON.stringify([local]))).toEqual({ providers: [local] });
  });
});

describe('provider configuration', () => {
  it('uses discovery, PKCE and verified ID tokens, with the OpenID scopes by default', () => {
    expect(genericOAuthConfig([google])).toEqual([
      {
        providerId: 'google',
        name: 'Google',
        discoveryUrl: google.discoveryUrl,
        clientId: 'client-1',
        clientSecret: 'very-secret-value',
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        requireIdTokenVerification: true,
      },
    ]);
  });

  it('publishes ids and names only', () => {
    expect(publicProviders([google])).toEqual([{ id: 'google', name: 'Google' }]);
  });
});
