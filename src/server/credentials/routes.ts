import { z } from 'zod';
import {
  credentialFormSchema,
  credentialQueueSchema,
  credentialViewSchema,
  myCredentialsSchema,
  rejectCredentialSchema,
  reviewCredentialViewSchema,
  therapistCredentialsReviewSchema,
  verifyCredentialSchema,
} from '../../domain/credential-views';
import type { AppDeps } from '../app';
import { callerOf, manager, requireAuth } from '../auth/authenticate';
import { requireManagerAal2 } from '../auth/guards';
import { createPhiBox } from '../crypto/phi-box';
import { acceptRawUploads, rawUploadOf } from '../documentation/raw-upload';
import type { RoutesPlugin } from '../http/plugin';
import { CREDENTIAL_DOCUMENT_DOWNLOAD, CREDENTIAL_ENTITY, downloadCredentialDocument } from './download';
import { listCredentialQueue, reviewCredential, therapistCredentialsReview } from './review';
import { addCredential, editCredential, listMyCredentials, removeCredential, uploadCredentialDocument, type CredentialDeps } from './service';

// Any string: an id that is none of the caller's credentials is a 404 like someone else's.
const idParams = z.object({ id: z.string().max(100) });
const tags = ['credentials'];

/** A therapist's own credentials (any review status: a sign-up uploads before approval). */
const therapist = { roles: ['therapist'] } as const;

function credentialDepsOf(deps: AppDeps): CredentialDeps {
  return {
    database: deps.database,
    store: deps.attachmentStore,
    phiBox: createPhiBox(deps.secrets.phiKey),
    requiredCredentials: deps.config.trust.requiredCredentials,
    jobs: deps.jobs,
  };
}

/** /api/credentials (the therapist's), /api/credentials/:id/document (owner or manager), /api/admin/credentials… (managers). */
export const credentialRoutes: RoutesPlugin = async (app, deps) => {
  await app.register(therapistCredentialRoutes, deps);
  await app.register(documentUploadRoutes, deps);
  await app.register(managerCredentialRoutes, deps);
};

const therapistCredentialRoutes: RoutesPlugin = async (app, deps) => {
  const service = credentialDepsOf(deps);

  app.get(
    '/credentials',
    {
      schema: { tags, summary: 'The therapist’s credentials, and the required ones still missing', response: { 200: myCredentialsSchema } },
      config: { auth: therapist },
    },
    async (request) => listMyCredentials(service, callerOf(request)),
  );

  app.post(
    '/credentials',
    {
      schema: { tags, summary: 'Adds a credential, awaiting verification (its document is uploaded next)', body: credentialFormSchema, response: { 201: credentialViewSchema } },
      config: { auth: therapist },
    },
    async (request, reply) => reply.status(201).send(await addCredential(service, { ...callerOf(request), input: request.body })),
  );

  app.put(
    '/credentials/:id',
    {
      schema: {
        tags,
        summary: 'Changes a credential; a verified or rejected one goes back to review',
        params: idParams,
        body: credentialFormSchema,
        response: { 200: credentialViewSchema },
      },
      config: { auth: therapist },
    },
    async (request) => editCredential(service, { ...callerOf(request), credentialId: request.params.id, input: request.body }),
  );

  app.delete(
    '/credentials/:id',
    { schema: { tags, summary: 'Removes a credential and its document (204)', params: idParams }, config: { auth: therapist } },
    async (request, reply) => {
      await removeCredential(service, { ...callerOf(request), credentialId: request.params.id, log: request.log });
      return reply.status(204).send();
    },
  );

  app.get(
    '/credentials/:id/document',
    {
      schema: { tags, summary: 'Downloads a credential’s document (the therapist who owns it, or a manager at aal2)', params: idParams },
      config: {
        auth: {
          roles: ['therapist', 'manager'],
          check: (actor) => (actor.account?.userType === 'manager' ? requireManagerAal2(actor) : undefined),
          audit: { action: CREDENTIAL_DOCUMENT_DOWNLOAD, entityType: CREDENTIAL_ENTITY },
        },
      },
    },
    async (request, reply) => {
      const file = await downloadCredentialDocument(service, { ...callerOf(request), credentialId: request.params.id });
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', file.contentType)
        .header('content-disposition', file.contentDisposition)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};

/** The document upload takes the raw file (documentation/raw-upload.ts), in a plugin of its own. */
const documentUploadRoutes: RoutesPlugin = async (app, deps) => {
  const service = credentialDepsOf(deps);
  acceptRawUploads(app);
  app.put(
    '/credentials/:id/document',
    {
      schema: {
        tags,
        summary:
          'Uploads (or replaces) a credential’s document: the raw body as application/pdf, image/png or image/jpeg (10 MB at most), its name percent-encoded in X-File-Name; a verified or rejected credential goes back to review',
        params: idParams,
        response: { 200: credentialViewSchema },
      },
      config: { auth: therapist },
    },
    async (request) => uploadCredentialDocument(service, { ...callerOf(request), credentialId: request.params.id, ...rawUploadOf(request), log: request.log }),
  );
};

const queueQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

const managerCredentialRoutes: RoutesPlugin = async (app, deps) => {
  requireAuth(app, manager);
  const service = credentialDepsOf(deps);

  app.get(
    '/admin/credentials',
    { schema: { tags, summary: 'Credentials awaiting verification, oldest first', querystring: queueQuery, response: { 200: credentialQueueSchema } } },
    async (request) => listCredentialQueue(service, request.query),
  );

  app.get(
    '/admin/therapists/:id/credentials',
    {
      schema: {
        tags,
        summary: 'One therapist’s credentials with their state board lookups, the latest primary-source checks, and what approval still needs',
        params: idParams,
        response: { 200: therapistCredentialsReviewSchema },
      },
    },
    async (request) => therapistCredentialsReview(service, { therapistId: request.params.id }),
  );

  app.post(
    '/admin/credentials/:id/verify',
    {
      schema: {
        tags,
        summary: 'Verifies a credential, recording how (the board lookup URL, or the document); 409 if already reviewed or changed',
        params: idParams,
        body: verifyCredentialSchema,
        response: { 200: reviewCredentialViewSchema },
      },
    },
    async (request) => reviewCredential(service, { ...callerOf(request), credentialId: request.params.id, decision: 'verified', input: request.body }),
  );

  app.post(
    '/admin/credentials/:id/reject',
    {
      schema: { tags, summary: 'Rejects a credential with a reason the therapist sees', params: idParams, body: rejectCredentialSchema, response: { 200: reviewCredentialViewSchema } },
    },
    async (request) => reviewCredential(service, { ...callerOf(request), credentialId: request.params.id, decision: 'rejected', reason: request.body.reason }),
  );
};
