import { z } from 'zod';
import { backupCodeSchema, enrolFactorSchema, verifyFactorSchema } from '../../domain/mfa';
import { callerOf, requireAuth } from '../auth/authenticate';
import type { Actor } from '../auth/session';
import { createSecretBox } from '../crypto/secret-box';
import { consumeRateLimit } from '../http/db-rate-limit';
import type { AppDeps } from '../app';
import type { RoutesPlugin } from '../http/plugin';
import {
  challengeFactor,
  enrolFactor,
  listFactors,
  regenerateBackupCodes,
  removeFactor,
  useBackupCode,
  verifyFactor,
  type MfaDeps,
} from './service';

const factorParams = z.object({ factorId: z.uuid({ error: 'Factor not found' }) });
const aal = z.enum(['aal1', 'aal2']);

/** Second factors (the seed's /factors API): enrol, challenge, verify, unenrol, backup codes. */
export const mfaRoutes: RoutesPlugin = async (app, deps) => {
  // Proving a factor is what an aal1 session is for; everything else here needs the session's owner.
  // Declared before both plugins are registered, so it covers their routes.
  requireAuth(app, { allowAal1: true });
  await app.register(factorRoutes, deps);
  await app.register(proofRoutes, deps);
};

function mfaDepsOf(deps: AppDeps): MfaDeps {
  return {
    database: deps.database,
    jobs: deps.jobs,
    secretBox: createSecretBox(deps.secrets.appSecret, 'mfa-totp-secret'),
    issuer: 'CareRelay',
    // Outside production, texts without a provider are kept for the development mailbox.
    smsAvailable: Boolean(deps.config.twilio) || deps.config.env !== 'production',
  };
}

/** The caller's factors and backup codes: listing, enrolling, removing, replacing the codes. */
const factorRoutes: RoutesPlugin = async (app, deps) => {
  const mfa = mfaDepsOf(deps);

  app.get(
    '/mfa/factors',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Your second factors and this session’s assurance level',
        response: {
          200: z.object({
            factors: z.array(
              z.object({
                id: z.string(),
                factorType: z.enum(['totp', 'phone']),
                friendlyName: z.string(),
                status: z.enum(['unverified', 'verified']),
                phone: z.string().nullable(),
                createdAt: z.date(),
              }),
            ),
            aal,
            nextLevel: aal,
            unusedBackupCodes: z.number(),
          }),
        },
      },
    },
    async (request) => listFactors(deps, { actor: request.actor }),
  );

  app.post(
    '/mfa/factors',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Enroll a factor (unverified until its first code is checked)',
        body: enrolFactorSchema,
        response: {
          201: z.object({
            id: z.string(),
            factorType: z.enum(['totp', 'phone']),
            totp: z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() }).nullable(),
          }),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await enrolFactor(mfa, { ...callerOf(request), input: request.body })),
  );

  app.delete(
    '/mfa/factors/:factorId',
    { schema: { tags: ['mfa'], summary: 'Remove a factor (needs aal2 once a factor is verified)', params: factorParams } },
    async (request, reply) => {
      await removeFactor(mfa, { ...callerOf(request), factorId: request.params.factorId });
      return reply.status(204).send();
    },
  );

  app.post(
    '/mfa/backup-codes',
    {
      schema: { tags: ['mfa'], summary: 'Replace your backup codes (needs aal2)', response: { 200: z.object({ backupCodes: z.array(z.string()) }) } },
    },
    async (request) => regenerateBackupCodes(mfa, callerOf(request)),
  );
};

/** Proving the second factor: a factor's challenge and code, or a backup code. */
const proofRoutes: RoutesPlugin = async (app, deps) => {
  const mfa = mfaDepsOf(deps);
  // Per session, not per user: someone who knows the password must not be able to lock the real
  // user's own session out. Each challenge also allows only MAX_CHALLENGE_ATTEMPTS codes.
  const limitChecks = (actor: Actor) => consumeRateLimit(deps.database.db, `mfa-check|${actor.sessionId}`, { windowSeconds: 300, max: 10 });

  app.post(
    '/mfa/factors/:factorId/challenge',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Start proving a factor; a phone factor is sent a code by SMS',
        params: factorParams,
        response: { 201: z.object({ id: z.string(), expiresAt: z.date() }) },
      },
    },
    async (request, reply) => {
      const { actor } = request;
      await consumeRateLimit(deps.database.db, `mfa-challenge|${actor.sessionId}`, { windowSeconds: 300, max: 5 });
      return reply.status(201).send(await challengeFactor(mfa, { actor, factorId: request.params.factorId }));
    },
  );

  app.post(
    '/mfa/factors/:factorId/verify',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Check a code; success raises this session to aal2',
        params: factorParams,
        body: verifyFactorSchema,
        response: { 200: z.object({ aal: z.literal('aal2'), backupCodes: z.array(z.string()).optional() }) },
      },
    },
    async (request) => {
      await limitChecks(request.actor);
      return verifyFactor(mfa, { ...callerOf(request), factorId: request.params.factorId, ...request.body });
    },
  );

  app.post(
    '/mfa/backup-codes/verify',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Pass the second factor with a single-use backup code',
        body: backupCodeSchema,
        response: { 200: z.object({ aal: z.literal('aal2') }) },
      },
    },
    async (request) => {
      await limitChecks(request.actor);
      return useBackupCode(mfa, { ...callerOf(request), code: request.body.code });
    },
  );
};
