import { serviceTypes } from '../../domain/accounts';
import type { NoteServiceId } from '../../domain/documentation';

/** The free-text sections of each note type, in the order the form and the signed note show them. */
export const noteTextFields: Record<NoteServiceId, { name: string; label: string; rows: number }[]> = {
  evaluation: [
    { name: 'history', label: 'History', rows: 4 },
    { name: 'objectiveMeasures', label: 'Objective measures', rows: 4 },
    { name: 'assessment', label: 'Assessment', rows: 4 },
    { name: 'plan', label: 'Plan', rows: 3 },
    { name: 'frequency', label: 'Frequency', rows: 1 },
  ],
  treatment: [
    { name: 'interventions', label: 'Interventions', rows: 4 },
    { name: 'response', label: 'Response to treatment', rows: 3 },
    { name: 'plan', label: 'Plan', rows: 3 },
  ],
  progress_report: [],
  discharge: [
    { name: 'outcome', label: 'Outcome', rows: 4 },
    { name: 'recommendations', label: 'Recommendations', rows: 4 },
  ],
};

/** A note is titled by its visit's service, in the words used everywhere else (rates, referrals, invoices). */
export const noteTitles = Object.fromEntries(serviceTypes.map((service) => [service.id, service.name])) as Record<NoteServiceId, string>;
