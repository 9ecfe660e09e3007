import type { CredentialProblem } from '../../domain/credentials';

/** The required credentials still lacking (each named with why), or that every one is verified. */
export function MissingCredentials({ title, missing }: { title: string; missing: readonly CredentialProblem[] }) {
  return (
    <section aria-labelledby="missing-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="missing-heading" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {missing.length === 0 ? (
        <p className="mt-2 text-sm text-green-800">Every required credential is verified.</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
          {missing.map((problem) => (
            <li key={problem.kind}>{problem.message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
