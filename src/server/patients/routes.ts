import { z } from 'zod';
import { patientInputSchema, patientResponseSchema } from '../../domain/patients';
import { createPhiBox } from '../crypto/phi-box';
import { callerOf, phiRoute } from '../auth/authenticate';
import type { RoutesPlugin } from '../http/plugin';
import { PATIENT_ENTITY, PATIENT_READ, PATIENT_WRITE, savePatient, viewPatient } from './service';

// Any string: an id that is no referral's is answered 404 like any referral the caller cannot see.
const referralIdParams = z.object({ id: z.string().max(100) });

/** Patient details (PHI) of a referral: its agency writes them, its agency and matched therapist read them. */
export const patientRoutes: RoutesPlugin = async (app, deps) => {
  const serviceDeps = { database: deps.database, phiBox: createPhiBox(deps.secrets.phiKey), jobs: deps.jobs };

  app.get(
    '/referrals/:id/patient',
    {
      schema: {
        tags: ['referrals'],
        summary: "The patient's details (PHI), for the referral's agency and, while it is active, its matched therapist; needs aal2",
        params: referralIdParams,
        response: { 200: patientResponseSchema },
      },
      config: phiRoute(PATIENT_READ, PATIENT_ENTITY),
    },
    async (request) => viewPatient(serviceDeps, { ...callerOf(request), referralId: request.params.id }),
  );

  app.put(
    '/referrals/:id/patient',
    {
      schema: {
        tags: ['referrals'],
        summary: "Add or replace the patient's details once a therapist is matched (the referral's agency, aal2); encrypted at rest",
        params: referralIdParams,
        body: patientInputSchema,
        response: { 200: patientResponseSchema },
      },
      config: phiRoute(PATIENT_WRITE, PATIENT_ENTITY),
    },
    async (request) => savePatient(serviceDeps, { ...callerOf(request), referralId: request.params.id, input: request.body }),
  );
};
