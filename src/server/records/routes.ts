import { z } from 'zod';
import { callerOf, phiRoute } from '../auth/authenticate';
import { createPhiBox } from '../crypto/phi-box';
import { DOCUMENTATION_ENTITY } from '../documentation/access';
import { contentDisposition } from '../documentation/file-name';
import type { RoutesPlugin } from '../http/plugin';
import { exportReferralFhir, REFERRAL_ENTITY, REFERRAL_FHIR_EXPORT } from './fhir-export';
import { exportNotePdf, NOTE_PDF_EXPORT } from './service';

// Any string: an id that is no record's is answered 404 like a record the caller cannot see.
const referralParams = z.object({ id: z.string().max(100) });
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

  app.get(
    '/referrals/:id/fhir',
    {
      schema: {
        tags,
        summary: 'The referral as one FHIR R4 Bundle (type collection) for the agency’s EHR (the referral’s agency only; 404 for anyone else)',
        description: [
          'ServiceRequest: the referral, its ordered services and visit frequency. Practitioner per therapist (the supervising therapist who co-signed a note too), with the NPI (system http://hl7.org/fhir/sid/us-npi).',
          'Appointment per visit; Encounter per visit that was checked in (class HH, the check-in and check-out times).',
          'At aal2 only: Patient, DocumentReference per signed note version with its PDF attached (base64, application/pdf), and a Provenance for each signature:',
          'the author’s (agent type author, signature 1.2.840.10065.1.12.1.1), the supervising PT’s or OT’s co-signature of an assistant’s note (verifier, 1.2.840.10065.1.12.1.5),',
          'and the patient’s or caregiver’s signature at check-out on the visit’s Encounter (attester, 1.2.840.10065.1.12.1.9; a caregiver as a RelatedPerson of the patient).',
          'Below aal2 the patient is referenced by the referral’s identifier (system urn:carerelay:referral) and the notes are left out.',
          'A PHI export: every request is audited (referral.export_fhir), and the patient read is audited as patient.read.',
        ].join(' '),
        params: referralParams,
        produces: ['application/fhir+json'],
      },
      config: phiRoute(REFERRAL_FHIR_EXPORT, REFERRAL_ENTITY),
    },
    async (request, reply) => {
      const bundle = await exportReferralFhir(recordsDeps, { ...callerOf(request), referralId: request.params.id });
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/fhir+json; charset=utf-8')
        .header('content-disposition', contentDisposition(`referral-${bundle.identifier?.value ?? 'export'}-fhir.json`))
        .send(JSON.stringify(bundle));
    },
  );
};
