/** Placeholder: being built (issue 5). The visit page renders it for the therapist and the agency. */
export function VisitDocumentation(_props: { visitId: string; role: 'agency' | 'therapist' }) {
  return null;
}
