import { serviceTypes } from '../../domain/accounts';
import type { NoteServiceId } from '../../domain/documentation';

// One list of sections for the form, the signed note and the exports (domain/note-record.ts).
export { noteTextFields } from '../../domain/note-record';

/** A note is titled by its visit's service, in the words used everywhere else (rates, referrals, invoices). */
export const noteTitles = Object.fromEntries(serviceTypes.map((service) => [service.id, service.name])) as Record<NoteServiceId, string>;
