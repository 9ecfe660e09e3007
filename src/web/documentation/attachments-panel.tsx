import { Download, Paperclip } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { attachmentContentTypes, MAX_ATTACHMENT_BYTES } from '../../domain/documentation';
import { attachmentUrl, useAttachments, useUploadAttachment } from '../api/documentation';
import { FormAlert } from '../ui/field';

const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * Files attached to the visit's notes, uploaded by the therapist while writing. The therapist sees
 * them all, each not yet signed marked as such; the agency sees only those the therapist has signed
 * (the server decides), so a new signature (`lastSignedAt`, the newest signed version's time) can
 * add files to the agency's list: it is read again then.
 */
export function AttachmentsPanel({
  visitId,
  role,
  canUpload,
  lastSignedAt,
}: {
  visitId: string;
  role: 'agency' | 'therapist';
  canUpload: boolean;
  lastSignedAt: string | null;
}) {
  const attachments = useAttachments(visitId);
  const upload = useUploadAttachment(visitId);
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string>();
  const { refetch } = attachments;
  const seenSignature = useRef(lastSignedAt);
  useEffect(() => {
    if (seenSignature.current === lastSignedAt) return;
    seenSignature.current = lastSignedAt;
    void refetch();
  }, [lastSignedAt, refetch]);

  const onFile = async (file: File | undefined) => {
    setFailure(undefined);
    if (!file) return;
    if (file.size > MAX_ATTACHMENT_BYTES) return setFailure('Attachments can be at most 10 MB.');
    try {
      await upload.mutateAsync(file);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The file could not be attached.');
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section aria-labelledby={`attachments-${visitId}`} className="space-y-3">
      <h3 id={`attachments-${visitId}`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Paperclip className="size-4" aria-hidden /> Attachments
      </h3>
      {failure && <FormAlert>{failure}</FormAlert>}
      {attachments.isPending ? (
        <p className="text-sm text-slate-600">Loading attachments…</p>
      ) : attachments.isError ? (
        <p className="text-sm text-red-700">{attachments.error.message}</p>
      ) : attachments.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">
          {role === 'agency' ? 'No files shared yet. Attachments appear here when the therapist signs the notes.' : 'No files attached.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {attachments.data.items.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate text-slate-800">
                  {item.fileName} <span className="text-slate-500">({formatSize(item.sizeBytes)})</span>
                </span>
                {role === 'therapist' && !item.sharedWithAgency && <span className="block text-xs text-amber-800">Shared with the agency when you sign</span>}
              </span>
              <a href={attachmentUrl(item.id)} download={item.fileName} className="inline-flex items-center gap-1 font-semibold text-brand-800 underline hover:no-underline">
                <Download className="size-4" aria-hidden /> Download
              </a>
            </li>
          ))}
        </ul>
      )}
      {canUpload && (
        <div>
          <label className="block text-sm font-medium text-slate-800" htmlFor={`attach-${visitId}`}>
            Attach a file (PDF, PNG or JPEG, up to 10 MB)
          </label>
          <input
            ref={input}
            id={`attach-${visitId}`}
            type="file"
            accept={attachmentContentTypes.join(',')}
            disabled={upload.isPending}
            onChange={(event) => void onFile(event.target.files?.[0])}
            className="mt-1 block text-sm"
          />
          {upload.isPending && <p className="text-sm text-slate-600">Uploading…</p>}
        </div>
      )}
    </section>
  );
}
