import { Paperclip } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { attachmentContentTypes, MAX_ATTACHMENT_BYTES } from '../../domain/documentation';
import { useAttachments, useUploadAttachment } from '../api/documentation';
import { FormAlert } from '../ui/field';
import { AttachmentItem } from './attachment-item';

/**
 * Files attached to the visit's notes, uploaded by the therapist while writing. The therapist sees
 * them all, each not yet signed marked as such; the agency sees only those the therapist has signed
 * (the server decides), so a new signature (`lastSignedAt`, the newest signed version's time) can
 * add files to the agency's list: it is read again then. While writing (`canUpload`) the therapist
 * can also remove a file not shared yet.
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
  const [notice, setNotice] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const { refetch } = attachments;
  const seenSignature = useRef(lastSignedAt);
  useEffect(() => {
    if (seenSignature.current === lastSignedAt) return;
    seenSignature.current = lastSignedAt;
    void refetch();
  }, [lastSignedAt, refetch]);

  const onFile = async (file: File | undefined) => {
    setFailure(undefined);
    setNotice(undefined);
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

  // The row that had the focus is gone or has lost its Remove: the keyboard continues from the heading.
  const onRemoved = (fileName: string) => {
    setFailure(undefined);
    setNotice(`${fileName} was removed.`);
    heading.current?.focus();
  };
  const onRemoveFailed = (message: string) => {
    setNotice(undefined);
    setFailure(message);
    heading.current?.focus();
  };

  return (
    <section aria-labelledby={`attachments-${visitId}`} className="space-y-3">
      {/* The status line is always there (empty by default) so screen readers announce what fills it. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 ref={heading} tabIndex={-1} id={`attachments-${visitId}`} className="flex items-center gap-2 text-base font-semibold text-slate-900 focus:outline-none">
          <Paperclip className="size-4" aria-hidden /> Attachments
        </h3>
        <p role="status" className="text-sm text-green-800">
          {notice}
        </p>
      </div>
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
            <AttachmentItem
              key={item.id}
              visitId={visitId}
              item={item}
              role={role}
              removable={canUpload && role === 'therapist' && !item.sharedWithAgency}
              onRemoved={onRemoved}
              onRemoveFailed={onRemoveFailed}
            />
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
