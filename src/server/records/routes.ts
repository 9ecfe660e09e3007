import { z } from 'zod';
import { callerOf, phiRoute } from '../auth/authenticate';
import { createPhiBox } from '../crypto/phi-box';
import { DOCUMENTATION_ENTITY } from '../documentation/access';
import { contentDisposition } from '../documentation/file-name';
import type { RoutesPlugin } from '../http/plugin';
import { exportNotePdf, NOTE_PDF_EXPORT } from './service';

// Any string: an id that is no record's is answered 404 like a record the caller cannot see.
const noteParams = z.object({ id: z.string().max(100), noteId: z.string().max(100) });
const tags = ['records'];

/** Records that leave the platform: a signed note's PDF, a referral's FHIR bundle. PHI: every request is audited. */
export const recordRoutes: RoutesPlugin = async (app, deps) => {
  const recordsDeps = { database: deps.database, phiBox: createPhiBox(deps.secrets.phiKey) };

  app.get(
    '/visits/:id/notes/:noteId/pdf',
    {
      schema: {
        tags,
        summary: 'One signed version of the visit’s note as a PDF for the chart (the visit’s agency or therapist, aal2; 404 for a draft or anyone else)',
        params: noteParams,
        produces: ['application/pdf'],
      },
      config: phiRoute(NOTE_PDF_EXPORT, DOCUMENTATION_ENTITY),
    },
    async (request, reply) => {
      const pdf = await exportNotePdf(recordsDeps, { ...callerOf(request), visitId: request.params.id, noteId: request.params.noteId });
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(pdf.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(pdf.body);
    },
  );
};
