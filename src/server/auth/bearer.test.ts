import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBearerVerifier } from './bearer';

const issuer = 'https://app.carerelay.test';
const audience = 'https://app.carerelay.test';
let privateKey: CryptoKey;
let publicJwk: JWK;
let otherPrivate: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256' };
  otherPrivate = (await generateKeyPair('RS256')).privateKey;
});

const sign = (key: CryptoKey, overrides: { kid?: string; aud?: string; exp?: string | number | null; sid?: string | null } = {}) => {
  const jwt = new SignJWT({ email: 'a@b.test', ...(overrides.sid === null ? {} : { sid: overrides.sid ?? 'session-1' }) })
    .setProtectedHeader({ alg: 'RS256', kid: overrides.kid ?? 'key-1' })
    .setSubject('user-1')
    .setIssuer(issuer)
    .setAudience(overrides.aud ?? audience)
    .setIssuedAt();
  return (overrides.exp === null ? jwt : jwt.setExpirationTime(overrides.exp ?? '15m')).sign(key);
};

const verifier = (keys: JWK[]) => createBearerVerifier({ loadKeys: async () => keys, issuer, audience });

describe('bearer token verification', () => {
  it('accepts a token signed by a published key and names its user and session', async () => {
    expect(await verifier([publicJwk]).verify(await sign(privateKey))).toMatchObject({ sub: 'user-1', sid: 'session-1' });
  });

  it('refuses a token without an expiry, which would never end', async () => {
    await expect(verifier([publicJwk]).verify(await sign(privateKey, { exp: null }))).rejects.toThrow('Token has no exp claim');
  });

  it('refuses a token without the session it was issued in, which could not be ended', async () => {
    await expect(verifier([publicJwk]).verify(await sign(privateKey, { sid: null }))).rejects.toThrow('Token has no sid claim');
  });

  it('says the key set is empty', async () => {
    await expect(verifier([]).verify(await sign(privateKey))).rejects.toThrow('JWKS is empty');
  });

  it('says no key matches an unknown kid', async () => {
    await expect(verifier([publicJwk]).verify(await sign(otherPrivate, { kid: 'key-9' }))).rejects.toThrow('No matching signing key found in JWKS');
  });

  it('says the signature is invalid for a token signed by another key under a known kid', async () => {
    await expect(verifier([publicJwk]).verify(await sign(otherPrivate))).rejects.toThrow('Invalid JWT signature');
  });

  it('refuses alg none and symmetric algorithms', async () => {
    const body = Buffer.from(JSON.stringify({ sub: 'user-1', iss: issuer, aud: audience, exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'key-1' })).toString('base64url')}.${body}.`;
    await expect(verifier([publicJwk]).verify(none)).rejects.toThrow('Tokens signed with none are not accepted');
    const hs = await new SignJWT({}).setProtectedHeader({ alg: 'HS256', kid: 'key-1' }).setSubject('user-1').setIssuer(issuer).setAudience(audience).setExpirationTime('5m').sign(new TextEncoder().encode('x'.repeat(32)));
    await expect(verifier([publicJwk]).verify(hs)).rejects.toThrow('Tokens signed with HS256 are not accepted');
  });

  it('refuses the wrong audience and an expired token', async () => {
    await expect(verifier([publicJwk]).verify(await sign(privateKey, { aud: 'https://elsewhere.test' }))).rejects.toThrow('Token aud is not accepted');
    await expect(verifier([publicJwk]).verify(await sign(privateKey, { exp: Math.floor(Date.now() / 1000) - 60 }))).rejects.toThrow('Token has expired');
  });

  it('reloads the key set once when a token names a key it has not seen (rotation)', async () => {
    let calls = 0;
    const rotating = createBearerVerifier({
      loadKeys: async () => (++calls === 1 ? [] : [publicJwk]),
      issuer,
      audience,
    });
    expect((await rotating.verify(await sign(privateKey))).sub).toBe('user-1');
    expect(calls).toBe(2);
  });
});
