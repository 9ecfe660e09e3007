import { credentialKindNames, credentialProblems, type CredentialForJudging, type CredentialKind, type CredentialProblem } from './credentials';

/**
 * What a therapist lacks to be approved (and what their credentials page lists as missing): every
 * required kind verified and unexpired, where for the state license any state's will do — the
 * state a referral needs is judged when offers go out. Built on `credentialProblems`, so the
 * messages are the ones every gate gives.
 */
export function missingForApproval(input: { credentials: readonly CredentialForJudging[]; required: readonly CredentialKind[]; today: string }): CredentialProblem[] {
  const { credentials, required, today } = input;
  const problems: CredentialProblem[] = [];
  for (const kind of required) {
    if (kind !== 'state_license') {
      problems.push(...credentialProblems({ credentials, required: [kind], patientState: '', today }));
      continue;
    }
    const states = [...new Set(credentials.filter((c) => c.kind === 'state_license').map((c) => (c.issuer ?? '').trim().toUpperCase()))];
    const perState = states.map((state) => credentialProblems({ credentials, required: [kind], patientState: state, today }));
    if (perState.some((found) => found.length === 0)) continue;
    problems.push(perState[0]?.[0] ?? { kind, message: `${credentialKindNames.state_license}: none on file` });
  }
  return problems;
}
