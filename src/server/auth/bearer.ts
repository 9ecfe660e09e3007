import { decodeProtectedHeader, errors, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { AppError } from '../errors';

/** Only the asymmetric algorithm our keys use: `none` and shared-secret (HS*) tokens are refused. */
const ACCEPTED_ALGORITHMS = ['RS256'];

/** A verified token's claims: whose it is (`sub`) and the session it was issued in (`sid`). */
export type BearerClaims = JWTPayload & { sub: string; sid: string };

export interface BearerVerifier {
  verify(token: string): Promise<BearerClaims>;
}

/**
 * What a token carries besides the registered claims (better-auth's `definePayload`). `sid` binds it
 * to the session it was issued in, so it ends with that session: sign-out, a password reset or a
 * revoked session stop it at once rather than when it expires.
 */
export function bearerTokenPayload({ user, session }: { user: { email: string }; session: { id: string; aal?: unknown } }) {
  return { email: user.email, aal: session.aal === 'aal2' ? 'aal2' : 'aal1', sid: session.id };
}

const refuse = (message: string) => new AppError('UNAUTHENTICATED', message);

/**
 * Verifies API bearer tokens against the published key set (the same keys any JOSE client reads
 * from /.well-known/jwks.json). `loadKeys` is called again when a token names an unknown key, so
 * a freshly rotated key is picked up.
 */
export function createBearerVerifier(options: {
  loadKeys: () => Promise<JWK[]>;
  issuer: string;
  audience: string;
  cacheSeconds?: number;
}): BearerVerifier {
  let cached: { keys: JWK[]; at: number } | undefined;
  const keys = async (refresh: boolean) => {
    if (refresh || !cached || Date.now() - cached.at > (options.cacheSeconds ?? 300) * 1000) {
      cached = { keys: await options.loadKeys(), at: Date.now() };
    }
    return cached.keys;
  };

  return {
    async verify(token) {
      let header;
      try {
        header = decodeProtectedHeader(token);
      } catch {
        throw refuse('Malformed token');
      }
      if (!header.alg || !ACCEPTED_ALGORITHMS.includes(header.alg)) throw refuse(`Tokens signed with ${header.alg ?? 'no algorithm'} are not accepted`);
      let set = await keys(false);
      let key = set.find((k) => k.kid === header.kid);
      if (!key) {
        set = await keys(true);
        key = set.find((k) => k.kid === header.kid);
      }
      if (set.length === 0) throw refuse('JWKS is empty');
      if (!key) throw refuse('No matching signing key found in JWKS');
      try {
        const { payload } = await jwtVerify(token, await importJWK(key, header.alg), {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ACCEPTED_ALGORITHMS,
          // A token without an expiry would never end; one without a session could not be ended.
          requiredClaims: ['exp', 'sid'],
        });
        if (!payload.sub) throw refuse('Token has no subject');
        if (typeof payload.sid !== 'string' || payload.sid === '') throw refuse('Token sid is not accepted');
        return payload as BearerClaims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JWSSignatureVerificationFailed) throw refuse('Invalid JWT signature');
        if (error instanceof errors.JWTExpired) throw refuse('Token has expired');
        if (error instanceof errors.JWTClaimValidationFailed) {
          throw refuse(error.reason === 'missing' ? `Token has no ${error.claim} claim` : `Token ${error.claim} is not accepted`);
        }
        throw refuse('Invalid token');
      }
    },
  };
}
