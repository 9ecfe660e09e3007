import type { Bundle, BundleEntry, DocumentReference, Encounter, Patient, Practitioner, Provenance, RelatedPerson, Resource, ServiceRequest } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { signatureAttestation } from '../../../test/attestation';
import { assistantNote, buildAssistantVisit } from '../../../test/co-signature-fixtures';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { fhirIssues } from '../../../test/fhir-validation';
import { callApi, errorOf, ok } from '../../../test/http';
import { captureLogs } from '../../../test/log-capture';
import { patientInput } from '../../../test/patients';
import { pdfText } from '../../../test/pdf-text';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import type { NoteContent, VisitNotesView } from '../../domain/documentation';
import { createPhiBox } from '../crypto/phi-box';
import { auditLog, visits } from '../db/schema/index';
import { loadSecrets } from '../secrets';
import { sealAttestation } from '../visits/attestation';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

const evaluation: NoteContent = {
  serviceId: 'evaluation',
  history: 'Right TKA three weeks ago; lives alone upstairs.',
  objectiveMeasures: 'Knee flexion 85 degrees; TUG 18 s.',
  assessment: 'Impaired gait after knee replacement.',
  goals: ['Walk 150 ft without device'],
  plan: 'Gait training and home exercise program.',
  frequency: '2w4',
};

const call = (method: string, url: string, client: Partial<SignedIn> = {}, body?: unknown) =>
  callApi(app.url, method, `/api${url}`, { cookie: client.cookie, ip: client.ip ?? clientAddress(), userAgent: 'CareRelayTest/1.0', body });

/** An in-progress referral with its patient, a completed evaluation whose note Jamie Rivera signed, and a treatment still scheduled. */
async function exportedReferral() {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db(), { firstName: 'Jamie', lastName: 'Rivera' });
  const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status: 'in_progress', matchedTherapistId: therapistPerson.userId });
  const ids = { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId, referralId: referral.id };
  const evaluated = await buildVisit(db(), ids);
  const scheduled = await buildVisit(db(), { ...ids, status: 'scheduled', serviceId: 'treatment', rate: 100, scheduledStart: new Date(Date.now() + 86_400_000) });
  const agency = await session(app, agencyPerson);
  const therapist = await session(app, therapistPerson);
  await ok(await call('PUT', `/referrals/${referral.id}/patient`, agency, patientInput()));
  await ok(await call('PUT', `/visits/${evaluated.id}/notes/draft`, therapist, { content: evaluation }));
  const signed = await ok<VisitNotesView>(await call('POST', `/visits/${evaluated.id}/notes/sign`, therapist, { signedName: 'Jamie Rivera' }));
  return { referral, evaluated, scheduled, note: signed.notes[0]!, agency, therapist, agencyPerson };
}

const fhirOf = (referralId: string, client: Partial<SignedIn> = {}) => call('GET', `/referrals/${referralId}/fhir`, client);
const audits = (referralId: string, action: string) => db().select().from(auditLog).where(and(eq(auditLog.entityId, referralId), eq(auditLog.action, action)));

const ofType = <T extends Resource>(bundle: Bundle, type: string) =>
  (bundle.entry ?? []).filter((entry): entry is BundleEntry<T> & { resource: T } => entry.resource?.resourceType === type);

/** Every `reference` anywhere in the bundle, which must each name an entry of it. */
function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => referencesIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'reference' && typeof item === 'string') found.push(item);
      else referencesIn(item, found);
    }
  }
  return found;
}

function expectValid(bundle: Bundle) {
  expect(fhirIssues(bundle)).toEqual([]);
  for (const entry of bundle.entry ?? []) expect({ type: entry.resource?.resourceType, issues: fhirIssues(entry.resource!) }).toEqual({ type: entry.resource?.resourceType, issues: [] });
  const fullUrls = new Set((bundle.entry ?? []).map((entry) => entry.fullUrl));
  for (const reference of referencesIn(bundle)) expect(fullUrls).toContain(reference);
}

describe('a referral as a FHIR R4 bundle for the agency’s EHR', () => {
  it('at aal2 the agency gets every resource, each valid against the base R4 definitions, the note’s PDF attached; audited as a PHI export', async () => {
    const { referral, note, agency } = await exportedReferral();
    const logs = captureLogs(app.runtime.app.log);
    let response: Response;
    try {
      response = await fhirOf(referral.id, agency);
    } finally {
      logs.stop();
    }
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bundle = (await response.json()) as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expectValid(bundle);

    const counts = Object.fromEntries(['ServiceRequest', 'Patient', 'Practitioner', 'Appointment', 'Encounter', 'DocumentReference', 'Provenance'].map((type) => [type, ofType(bundle, type).length]));
    expect(counts).toEqual({ ServiceRequest: 1, Patient: 1, Practitioner: 1, Appointment: 2, Encounter: 1, DocumentReference: 1, Provenance: 1 });

    const patient = ofType<Patient>(bundle, 'Patient')[0]!;
    expect(patient.resource.name).toEqual([{ family: 'Abernathy', given: ['Dolores'] }]);
    const request = ofType<ServiceRequest>(bundle, 'ServiceRequest')[0]!.resource;
    expect(request.subject).toEqual({ reference: patient.fullUrl });
    expect(request.occurrenceTiming?.code?.text).toContain('2w4');
    expect(request.identifier).toEqual([{ system: 'urn:carerelay:referral', value: `R-${referral.referenceNumber}` }]);
    const practitioner = ofType<Practitioner>(bundle, 'Practitioner')[0]!;
    expect(practitioner.resource.identifier).toEqual([{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' }]);

    const document = ofType<DocumentReference>(bundle, 'DocumentReference')[0]!;
    const attachment = document.resource.content[0]!.attachment;
    expect(attachment.contentType).toBe('application/pdf');
    const { text } = await pdfText(Buffer.from(attachment.data!, 'base64'));
    expect(text).toContain(evaluation.assessment);
    expect(text).toContain('Signed by: Jamie Rivera');
    const provenance = ofType<Provenance>(bundle, 'Provenance')[0]!.resource;
    expect(provenance.target).toEqual([{ reference: document.fullUrl }]);
    expect(provenance.signature?.[0]).toMatchObject({ when: note.signedAt, who: { reference: practitioner.fullUrl } });

    for (const word of ['Dolores', 'Abernathy', 'Sweetwater', 'TKA']) expect(logs.text()).not.toContain(word);
    expect(await audits(referral.id, 'referral.export_fhir')).toMatchObject([
      { actorUserId: agency.userId, outcome: 'success', entityType: 'referral', details: { withPatient: true, visits: 2, noteIds: [note.id], aal: 'aal2' } },
    ]);
    // The patient in it was read like any other read of the patient.
    expect((await audits(referral.id, 'patient.read')).filter((row) => row.actorUserId === agency.userId && row.outcome === 'success')).toHaveLength(1);
  });

  it('below aal2 the bundle leaves the patient and the notes out and names the patient by the referral’s identifier only', async () => {
    const { referral, agencyPerson } = await exportedReferral();
    const response = await fhirOf(referral.id, await session(app, agencyPerson, 'aal1'));
    expect(response.status).toBe(200);
    const bundle = (await response.json()) as Bundle;
    expectValid(bundle);
    for (const type of ['Patient', 'DocumentReference', 'Provenance']) expect(ofType(bundle, type)).toHaveLength(0);
    expect(ofType<ServiceRequest>(bundle, 'ServiceRequest')[0]!.resource.subject).toEqual({
      identifier: { system: 'urn:carerelay:referral', value: `R-${referral.referenceNumber}` },
    });
    expect(JSON.stringify(bundle)).not.toContain('Abernathy');
    expect(await audits(referral.id, 'referral.export_fhir')).toMatchObject([{ outcome: 'success', details: { withPatient: false, noteIds: [], aal: 'aal1' } }]);
    expect(await audits(referral.id, 'patient.read')).toHaveLength(0);
  });

  it('the matched therapist, another agency and a manager get 404, audited as refused; signed out gets 401', async () => {
    const { referral, therapist } = await exportedReferral();
    for (const client of [therapist, await session(app, await buildAgency(db())), await session(app, await buildTherapist(db())), await session(app, await buildManager(db()))]) {
      const response = await fhirOf(referral.id, client);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'No such referral.' });
    }
    expect((await fhirOf(referral.id)).status).toBe(401);
    const refusals = await audits(referral.id, 'referral.export_fhir');
    expect(refusals).toHaveLength(5);
    for (const row of refusals) expect(row.outcome).toBe('failure');
  });

  it('a co-signature is a Provenance by the supervising PT (verifier, verification signature) on the note; the patient’s and the caregiver’s check-out signatures are Provenances on the visits’ Encounters; all valid', async () => {
    const built = await buildAssistantVisit(db());
    const { phiKey } = await loadSecrets(app.config);
    const phiBox = createPhiBox(phiKey);
    const attested = (visitId: string, input: ReturnType<typeof signatureAttestation>, at: Date) =>
      db().update(visits).set({ attestationSealed: sealAttestation(phiBox, visitId, input, at) }).where(eq(visits.id, visitId));
    const caregiverSignedAt = new Date(Date.now() - 3_600_000);
    await attested(built.visit.id, signatureAttestation({ signer: 'caregiver', signerName: 'Marisol Quintero' }), caregiverSignedAt);
    await attested(built.evaluation.id, signatureAttestation({ signer: 'patient' }), new Date(Date.now() - 47 * 3_600_000));
    const [agency, pt, pta] = [await session(app, built.agency), await session(app, built.pt), await session(app, built.pta)];
    await ok(await call('PUT', `/referrals/${built.referral.id}/patient`, agency, patientInput()));
    await ok(await call('PUT', `/visits/${built.visit.id}/notes/draft`, pta, { content: assistantNote }));
    const signed = await ok<VisitNotesView>(await call('POST', `/visits/${built.visit.id}/notes/sign`, pta, { signedName: 'Alex Kim' }));
    const coSigned = (await ok<VisitNotesView>(await call('POST', `/visits/${built.visit.id}/notes/${signed.notes[0]!.id}/co-sign`, pt, { signedName: 'Pat Morgan' }))).notes[0]!;

    const bundle = await ok<Bundle>(await fhirOf(built.referral.id, agency));
    expectValid(bundle);
    const byUrl = new Map((bundle.entry ?? []).map((entry) => [entry.fullUrl, entry.resource]));
    const practitioner = (family: string) => ofType<Practitioner>(bundle, 'Practitioner').find((entry) => entry.resource.name?.[0]?.family === family)!;
    const supervisor = practitioner('Morgan');
    expect(supervisor.resource.identifier).toEqual([{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' }]);
    const document = ofType<DocumentReference>(bundle, 'DocumentReference')[0]!;
    const provenances = ofType<Provenance>(bundle, 'Provenance').map((entry) => entry.resource);
    const onDocument = provenances.filter((provenance) => provenance.target[0]?.reference === document.fullUrl);
    expect(onDocument.map((provenance) => provenance.agent[0]?.type?.coding?.[0]?.code)).toEqual(['author', 'verifier']);
    const coSignature = onDocument[1]!;
    expect(coSignature).toMatchObject({
      recorded: coSigned.coSignedAt,
      agent: [{ type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'verifier' }] }, who: { reference: supervisor.fullUrl } }],
      signature: [{ type: [{ system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.5' }], when: coSigned.coSignedAt, who: { reference: supervisor.fullUrl } }],
    });
    expect(onDocument[0]!.agent[0]!.who).toEqual({ reference: practitioner('Kim').fullUrl });
    // The note's PDF in the bundle says who co-signed it.
    expect((await pdfText(Buffer.from(document.resource.content[0]!.attachment.data!, 'base64'))).text).toContain('Co-signed by the supervising therapist: Pat Morgan');

    const patient = ofType<Patient>(bundle, 'Patient')[0]!;
    const attestations = provenances.filter((provenance) => provenance.signature?.[0]?.type[0]?.code === '1.2.840.10065.1.12.1.9');
    expect(attestations).toHaveLength(2);
    const signerOf = (provenance: Provenance) => byUrl.get(provenance.signature![0]!.who.reference);
    const encounterOf = (provenance: Provenance) => byUrl.get(provenance.target[0]!.reference) as Encounter;
    const byCaregiver = attestations.find((provenance) => signerOf(provenance)?.resourceType === 'RelatedPerson')!;
    const byPatient = attestations.find((provenance) => signerOf(provenance)?.resourceType === 'Patient')!;
    expect(byCaregiver).toMatchObject({ recorded: caregiverSignedAt.toISOString(), agent: [{ type: { coding: [{ code: 'attester' }] } }] });
    expect(encounterOf(byCaregiver).identifier).toEqual([{ system: 'urn:carerelay:visit', value: built.visit.id }]);
    expect(signerOf(byCaregiver) as RelatedPerson).toMatchObject({ patient: { reference: patient.fullUrl }, name: [{ text: 'Marisol Quintero' }], relationship: [{ text: 'Caregiver' }] });
    expect(byPatient.signature![0]!.who).toEqual({ reference: patient.fullUrl });
    expect(encounterOf(byPatient).identifier).toEqual([{ system: 'urn:carerelay:visit', value: built.evaluation.id }]);
    // Never the drawn strokes.
    expect(JSON.stringify(bundle)).not.toContain('[12,150]');
    expect(await audits(built.referral.id, 'referral.export_fhir')).toMatchObject([{ outcome: 'success', details: { coSignatures: 1, attestations: 2 } }]);

    // Below aal2: no patient, so no signer to name, and no notes: none of these Provenances, no caregiver.
    const aal1 = await ok<Bundle>(await fhirOf(built.referral.id, await session(app, built.agency, 'aal1')));
    expectValid(aal1);
    for (const type of ['Provenance', 'RelatedPerson', 'Patient']) expect(ofType(aal1, type)).toHaveLength(0);
    expect(JSON.stringify(aal1)).not.toContain('Marisol');
  });

  it('is documented in the OpenAPI description', async () => {
    const spec = await ok<{ paths: Record<string, Record<string, { summary?: string; description?: string }>> }>(await fetch(`${app.url}/api/docs/json`));
    const operation = spec.paths['/api/referrals/{id}/fhir']?.get;
    expect(operation?.summary).toContain('FHIR R4 Bundle');
    expect(operation?.description).toContain('http://hl7.org/fhir/sid/us-npi');
    expect(spec.paths['/api/visits/{id}/notes/{noteId}/pdf']?.get).toBeDefined();
  });
});
