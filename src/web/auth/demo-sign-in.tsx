import { useState } from 'react';
import type { UserType } from '../../domain/accounts';
import { useDemoPeople, useDemoSignIn, type DemoPerson } from '../api/demo';
import { FormAlert } from '../ui/field';

const groups: Array<{ type: UserType; title: string }> = [
  { type: 'agency', title: 'Agencies' },
  { type: 'therapist', title: 'Therapists' },
  { type: 'manager', title: 'Manager' },
];

/**
 * Development only: "Sign in as" each demo person, in one click, to `next` (checked by the login
 * dialog). The server answers the list only in development and from its own machine; anywhere else
 * (production) this renders nothing, and nothing while the list loads, so no one ever sees it flash.
 */
export function DemoSignIn({ next }: { next: string }) {
  const people = useDemoPeople();
  const signIn = useDemoSignIn();
  // Stays set while the browser loads the dashboard, so no second person can be pressed meanwhile.
  const [leaving, setLeaving] = useState<string>();

  if (people.isPending) return null;
  if (people.isError) return <FormAlert>Could not load the demo people. Reload the page to try again.</FormAlert>;
  const cast = people.data;
  if (cast === null) return null;

  const choose = (person: DemoPerson) => {
    signIn.mutate(person.email, {
      onSuccess: () => {
        setLeaving(person.email);
        // A full load, as after a password sign-in. Straight to `next`: the dashboard layout sends a
        // person on to /verify or onboarding if need be, and the demo is for looking around.
        window.location.assign(next);
      },
    });
  };
  const busy = signIn.isPending || leaving !== undefined;
  const going = cast.find((person) => person.email === (leaving ?? (signIn.isPending ? signIn.variables : undefined)));

  return (
    <section aria-labelledby="demo-sign-in-title" className="space-y-3 border-t border-slate-200 pt-4">
      <div>
        <h3 id="demo-sign-in-title" className="text-base font-semibold text-slate-900">
          Sign in as
        </h3>
        <p className="text-sm text-slate-600">Demo people, in development only: one click, second factor included.</p>
      </div>
      {signIn.isError && <FormAlert>{signIn.error.message}</FormAlert>}
      {going && (
        <p role="status" className="text-sm text-slate-700">
          Signing in as {going.name}…
        </p>
      )}
      {cast.length === 0 ? (
        <p className="text-sm text-slate-600">
          There are no demo people in this database. Run <code>npm run demo-data</code> to create them.
        </p>
      ) : (
        groups.map((group) => {
          const members = cast.filter((person) => person.userType === group.type);
          if (members.length === 0) return null;
          return (
            <div key={group.type} role="group" aria-label={`Demo ${group.title.toLowerCase()}`}>
              <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.title}</h4>
              <ul className="grid gap-2 sm:grid-cols-2">
                {members.map((person) => (
                  <li key={person.email}>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => choose(person)}
                      className="flex min-h-11 w-full flex-col items-start justify-center rounded-lg px-3 py-1.5 text-left text-sm ring-1 ring-slate-200 ring-inset hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
                    >
                      <span className="font-medium text-slate-900">
                        <span className="sr-only">Sign in as </span>
                        {person.name}
                      </span>
                      {person.status !== 'approved' && <span className="text-xs text-slate-600 capitalize">{person.status}</span>}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}
    </section>
  );
}
