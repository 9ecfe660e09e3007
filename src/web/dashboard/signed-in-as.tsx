/** Who is signed in: a long name wraps rather than being cut to a letter on a narrow screen. */
export function SignedInAs({ name }: { name: string }) {
  return (
    <p className="px-3 py-2 text-sm text-slate-600">
      Signed in as <span className="font-semibold break-words text-slate-900">{name}</span>
    </p>
  );
}
