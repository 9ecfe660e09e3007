/** Records that leave the platform are plain downloads: the browser sends the session cookie; the server audits each one. */
export const notePdfUrl = (visitId: string, noteId: string) => `/api/visits/${visitId}/notes/${noteId}/pdf`;
export const referralFhirUrl = (referralId: string) => `/api/referrals/${referralId}/fhir`;
