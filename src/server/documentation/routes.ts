import { z } from 'zod';
import {
  attachmentViewSchema,
  MAX_ATTACHMENT_BYTES,
  noteDraftInputSchema,
  reviewNoteInputSchema,
  signNoteInputSchema,
  visitNotesViewSchema,
} from '../../domain/documentation';
import { createPhiBox } from '../crypto/phi-box';
import { callerOf, phiRoute } from '../auth/authenticate';
import type { AppDeps } from '../app';
import type { RoutesPlugin } from '../http/plugin';
import { DOCUMENTATION_ENTITY } from './access';
import {
  ATTACHMENT_DELETE,
  ATTACHMENT_DOWNLOAD,
  ATTACHMENT_ENTITY,
  ATTACHMENT_LIST,
  ATTACHMENT_UPLOAD,
  deleteAttachment,
  downloadAttachment,
  listAttachments,
  uploadAttachment,
} from './attachments';
import { coSignNote, NOTES_CO_SIGN, NOTES_SUPERVISION_READ, viewSupervisedNotes } from './co-sign';
import { contentDisposition } from './file-name';
import { acceptRawUploads, rawUploadOf } from './raw-upload';
import { NOTES_READ, NOTES_REVIEW, NOTES_SIGN, NOTES_WRITE, reviewNote, saveDraft, signNote, viewNotes } from './service';

// Any string: an id that is no visit's is answered 404 like a visit the caller cannot see.
const idParams = z.object({ id: z.string().max(100) });
const noteParams = z.object({ id: z.string().max(100), noteId: z.string().max(100) });
const tags = ['documentation'];

/**
 * Visit documentation (PHI): notes (/visits/:id/notes…) and attachments. Only the visit's agency and
 * therapist at aal2 get anything but 404; every request, allowed or refused, is audited.
 */
export const documentationRoutes: RoutesPlugin = async (app, deps) => {
  await app.register(noteRoutes, deps);
  await app.register(attachmentRoutes, deps);
  await app.register(attachmentUploadRoutes, deps);
};

function attachmentDepsOf(deps: AppDeps) {
  return { database: deps.database, store: deps.attachmentStore, phiBox: createPhiBox(deps.secrets.phiKey) };
}

/** The visit's notes: reading every version, the therapist's draft and signature, the agency's review. */
const noteRoutes: RoutesPlugin = async (app, deps) => {
  const serviceDeps = {
    database: deps.database,
    jobs: deps.jobs,
    phiBox: createPhiBox(deps.secrets.phiKey),
    noteDueHours: deps.config.noteDueHours,
    paymentProvider: deps.payments.name,
  };

  app.get(
    '/visits/:id/notes',
    {
      schema: { tags, summary: 'Every version of the visit’s notes, newest first (agency or therapist, aal2)', params: idParams, response: { 200: visitNotesViewSchema } },
      config: phiRoute(NOTES_READ, DOCUMENTATION_ENTITY),
    },
    async (request) => viewNotes(serviceDeps, { ...callerOf(request), visitId: request.params.id }),
  );

  app.put(
    '/visits/:id/notes/draft',
    {
      schema: {
        tags,
        summary: 'The therapist saves the current draft (completed visit; after a return, a new version)',
        params: idParams,
        body: noteDraftInputSchema,
        response: { 200: visitNotesViewSchema },
      },
      config: phiRoute(NOTES_WRITE, DOCUMENTATION_ENTITY),
    },
    async (request) => saveDraft(serviceDeps, { ...callerOf(request), visitId: request.params.id, input: request.body }),
  );

  app.post(
    '/visits/:id/notes/sign',
    {
      schema: {
        tags,
        summary: 'The therapist signs the draft with their typed name; the visit becomes documented',
        params: idParams,
        body: signNoteInputSchema,
        response: { 200: visitNotesViewSchema },
      },
      config: phiRoute(NOTES_SIGN, DOCUMENTATION_ENTITY),
    },
    async (request) => signNote(serviceDeps, { ...callerOf(request), visitId: request.params.id, input: request.body }),
  );

  app.post(
    '/visits/:id/notes/review',
    {
      schema: {
        tags,
        summary: 'The agency approves the signed note (the visit becomes payable) or returns it with a message',
        params: idParams,
        body: reviewNoteInputSchema,
        response: { 200: visitNotesViewSchema },
      },
      config: phiRoute(NOTES_REVIEW, DOCUMENTATION_ENTITY),
    },
    async (request) => reviewNote(serviceDeps, { ...callerOf(request), visitId: request.params.id, input: request.body }),
  );

  app.get(
    '/visits/:id/notes/supervision',
    {
      schema: {
        tags,
        summary: 'An assistant’s signed notes for their supervising therapist (a PT for a PTA’s, an OT for a COTA’s; aal2). Anyone else: 404',
        params: idParams,
        response: { 200: visitNotesViewSchema },
      },
      config: phiRoute(NOTES_SUPERVISION_READ, DOCUMENTATION_ENTITY),
    },
    async (request) => viewSupervisedNotes(serviceDeps, { ...callerOf(request), visitId: request.params.id }),
  );

  app.post(
    '/visits/:id/notes/:noteId/co-sign',
    {
      schema: {
        tags,
        summary:
          'The supervising PT or OT co-signs an assistant’s signed note with their typed name (aal2). 409 when not signed, not an assistant’s or already co-signed; 403 for the author or another discipline; others 404',
        params: noteParams,
        body: signNoteInputSchema,
        response: { 200: visitNotesViewSchema },
      },
      config: phiRoute(NOTES_CO_SIGN, DOCUMENTATION_ENTITY),
    },
    async (request) => coSignNote(serviceDeps, { ...callerOf(request), visitId: request.params.id, noteId: request.params.noteId, input: request.body }),
  );
};

/** The files attached to the visit's notes: listing, downloading and removing them. */
const attachmentRoutes: RoutesPlugin = async (app, deps) => {
  const attachmentDeps = attachmentDepsOf(deps);

  app.get(
    '/visits/:id/attachments',
    {
      schema: { tags, summary: 'The files attached to the visit’s notes', params: idParams, response: { 200: z.object({ items: z.array(attachmentViewSchema) }) } },
      config: phiRoute(ATTACHMENT_LIST, DOCUMENTATION_ENTITY),
    },
    async (request) => ({ items: await listAttachments(attachmentDeps, { ...callerOf(request), visitId: request.params.id }) }),
  );

  app.get(
    '/attachments/:id',
    {
      schema: { tags, summary: 'Downloads one attachment (agency or therapist of its visit, aal2)', params: idParams },
      config: phiRoute(ATTACHMENT_DOWNLOAD, ATTACHMENT_ENTITY),
    },
    async (request, reply) => {
      const file = await downloadAttachment(attachmentDeps, { ...callerOf(request), attachmentId: request.params.id });
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.delete(
    '/attachments/:id',
    {
      schema: {
        tags,
        summary: 'The therapist removes a file not yet shared with the agency, while the note is being written (204; 409 once signed)',
        params: idParams,
      },
      config: phiRoute(ATTACHMENT_DELETE, ATTACHMENT_ENTITY),
    },
    async (request, reply) => {
      await deleteAttachment(attachmentDeps, { ...callerOf(request), attachmentId: request.params.id, log: request.log });
      return reply.status(204).send();
    },
  );
};

/** The upload is the raw file (raw-upload.ts), in a plugin of its own that takes any body as bytes. */
const attachmentUploadRoutes: RoutesPlugin = async (app, deps) => {
  const attachmentDeps = attachmentDepsOf(deps);
  acceptRawUploads(app);
  app.post(
    '/visits/:id/attachments',
    {
      schema: {
        tags,
        summary:
          'The therapist uploads a file: the raw body as application/pdf, image/png or image/jpeg (10 MB at most), its name percent-encoded in X-File-Name (never the URL, which is logged)',
        params: idParams,
        response: { 201: attachmentViewSchema },
      },
      bodyLimit: MAX_ATTACHMENT_BYTES,
      config: phiRoute(ATTACHMENT_UPLOAD, DOCUMENTATION_ENTITY),
    },
    async (request, reply) => {
      const view = await uploadAttachment(attachmentDeps, { ...callerOf(request), visitId: request.params.id, ...rawUploadOf(request), log: request.log });
      return reply.status(201).send(view);
    },
  );
};
