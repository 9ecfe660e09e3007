/** Placeholder: being built (issue 4). */
export function PatientPanel(_props: { referralId: string; canEdit: boolean }) {
  return null;
}
