import { FileDown } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { addDaysToKey, dateKeyIn } from '../../domain/time-zones';
import { useTimeZone } from '../ui/use-time-zone';
import { evvExportQuerySchema, type EvvExportQuery } from '../../domain/evv-export';
import { ApiError } from '../api/client';
import { useEvvExportDownload } from '../api/evv-export';
import { Button } from '../ui/button';
import { FormAlert, SelectField, TextField } from '../ui/field';

type Fields = Partial<Record<keyof EvvExportQuery, string>>;

/**
 * The agency's EVV export, on its schedule: the visits it had checked in on the days chosen, with the
 * six Cures Act elements, exceptions and reasons, as a file for the state aggregator. The same schema
 * as the API checks the form; the server's field errors land on the same fields.
 */
export function EvvExportCard() {
  const zone = useTimeZone();
  const today = useMemo(() => dateKeyIn(new Date(), zone), [zone]);
  const [query, setQuery] = useState<EvvExportQuery>({ from: addDaysToKey(today, -30), to: today, format: 'csv' });
  const [fields, setFields] = useState<Fields>({});
  const download = useEvvExportDownload();
  const failure = download.error instanceof ApiError ? download.error : null;
  const formError = download.error && (!failure || Object.keys(failure.fields).length === 0) ? download.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = evvExportQuerySchema.safeParse(query);
    if (!parsed.success) {
      setFields(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setFields({});
    download.mutate(parsed.data, { onError: (error) => setFields(error instanceof ApiError ? (error.fields as Fields) : {}) });
  };

  return (
    <section aria-labelledby="evv-export-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="space-y-1">
        <h2 id="evv-export-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <FileDown className="size-5 text-brand-700" aria-hidden />
          EVV export
        </h2>
        <p className="text-sm text-slate-700">
          For your state’s EVV aggregator: every visit checked in on these days, with the service, patient, therapist and NPI, date,
          location, start and end times, and any exceptions with the therapist’s reasons. It holds patient information: keep the file safe.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <TextField label="From" type="date" className="min-h-11" value={query.from} error={fields.from} onChange={(event) => setQuery({ ...query, from: event.target.value })} />
        <TextField label="To" type="date" className="min-h-11" value={query.to} error={fields.to} onChange={(event) => setQuery({ ...query, to: event.target.value })} />
        <SelectField
          label="Format"
          className="min-h-11"
          value={query.format}
          error={fields.format}
          onChange={(event) => setQuery({ ...query, format: event.target.value === 'json' ? 'json' : 'csv' })}
        >
          <option value="csv">CSV (spreadsheet)</option>
          <option value="json">JSON</option>
        </SelectField>
        <Button type="submit" disabled={download.isPending}>
          {download.isPending ? 'Preparing…' : 'Download'}
        </Button>
      </form>
      {formError && <FormAlert>{formError}</FormAlert>}
      {download.isSuccess && <p role="status" className="text-sm text-slate-700">Downloaded {download.data}.</p>}
    </section>
  );
}
