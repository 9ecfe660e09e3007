import { useState, type FormEvent } from 'react';
import { credentialFormSchema, type CredentialFormInput, type CredentialView } from '../../domain/credential-views';
import { credentialKindNames, credentialKinds, type CredentialKind } from '../../domain/credentials';
import { ApiError } from '../api/client';
import { useSaveCredential } from '../api/credentials';
import { Button } from '../ui/button';
import { FormAlert, SelectField, TextField } from '../ui/field';
import { UsStateOptions } from '../ui/us-state-options';

type Values = { kind: CredentialKind; number: string; issuer: string; compactPrivilege: boolean; issuedOn: string; expiresOn: string };

const valuesOf = (credential: CredentialView | undefined, kind: CredentialKind): Values => ({
  kind: credential?.kind ?? kind,
  number: credential?.number ?? '',
  issuer: credential?.issuer ?? '',
  compactPrivilege: credential?.compactPrivilege ?? false,
  issuedOn: credential?.issuedOn ?? '',
  expiresOn: credential?.expiresOn ?? '',
});

const inputOf = (values: Values): CredentialFormInput => ({ ...values, issuedOn: values.issuedOn || null, expiresOn: values.expiresOn || null });

/**
 * Adds or changes one credential, with its document (PDF, PNG or JPEG). Checked with the schema
 * the server uses; the server's field errors land on the same fields. Changing a verified
 * credential sends it back to review, and the form says so before it is saved.
 */
export function CredentialForm({ credential, kind = 'state_license', onDone }: { credential?: CredentialView; kind?: CredentialKind; onDone: (saved: CredentialView) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(credential, kind));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCredential();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const isLicense = values.kind === 'state_license';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = credentialFormSchema.safeParse(inputOf(values));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message])));
      return;
    }
    if (!credential && !file) {
      setErrors({ file: 'Choose the document (a PDF or a photo of it)' });
      return;
    }
    setErrors({});
    save.mutate(
      { id: credential?.id, input: inputOf(values), file },
      { onSuccess: onDone, onError: (error) => setErrors(error instanceof ApiError ? { ...error.fields, form: error.message } : { form: error.message }) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {credential?.status === 'verified' && (
        <p className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900">Changing a verified credential sends it back to a manager to verify again.</p>
      )}
      <SelectField label="Kind" value={values.kind} disabled={Boolean(credential)} onChange={(event) => set('kind', event.target.value as CredentialKind)} error={errors.kind}>
        {credentialKinds.map((option) => (
          <option key={option} value={option}>
            {credentialKindNames[option]}
          </option>
        ))}
      </SelectField>
      {isLicense ? (
        <SelectField label="State" value={values.issuer} onChange={(event) => set('issuer', event.target.value)} error={errors.issuer}>
          <UsStateOptions />
        </SelectField>
      ) : (
        <TextField label="Issued by" optional value={values.issuer} onChange={(event) => set('issuer', event.target.value)} error={errors.issuer} />
      )}
      <TextField label={isLicense ? 'License number' : 'Number'} optional={!isLicense} value={values.number} onChange={(event) => set('number', event.target.value)} error={errors.number} />
      {isLicense && (
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input type="checkbox" className="size-5" checked={values.compactPrivilege} onChange={(event) => set('compactPrivilege', event.target.checked)} />
          This is a PT or OT compact privilege to practice in this state
        </label>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Issued on" optional type="date" value={values.issuedOn} onChange={(event) => set('issuedOn', event.target.value)} error={errors.issuedOn} />
        <TextField label="Expires on" optional type="date" value={values.expiresOn} onChange={(event) => set('expiresOn', event.target.value)} error={errors.expiresOn} />
      </div>
      <TextField
        label={credential?.document ? 'Replace the document' : 'Document'}
        optional={Boolean(credential)}
        type="file"
        accept="application/pdf,image/png,image/jpeg"
        hint="A PDF, PNG or JPEG of at most 10 MB."
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        error={errors.file ?? errors.fileName}
      />
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? 'Saving…' : credential ? 'Save changes' : 'Add credential'}
      </Button>
    </form>
  );
}
