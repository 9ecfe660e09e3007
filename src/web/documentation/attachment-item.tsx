import { Download, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AttachmentView } from '../../domain/documentation';
import { attachmentUrl, useRemoveAttachment } from '../api/documentation';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';

const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * One attached file: its name, size and download link; for the therapist, whether the agency has it
 * yet, and — while the note is being written and the file is not shared (`removable`) — Remove,
 * confirmed inline below the row like the visit's other destructive actions (a wrong file attached
 * to a draft would otherwise reach the agency with the signature). The server refuses a file that
 * was signed meanwhile; the panel shows its reason.
 */
export function AttachmentItem({
  visitId,
  item,
  role,
  removable,
  onRemoved,
  onRemoveFailed,
}: {
  visitId: string;
  item: AttachmentView;
  role: 'agency' | 'therapist';
  removable: boolean;
  onRemoved: (fileName: string) => void;
  /**
   * The server's reason, for the panel to show: after a refusal the list is read again, and a file
   * signed meanwhile loses its Remove (one removed elsewhere, its row), so it cannot be shown here.
   */
  onRemoveFailed: (message: string) => void;
}) {
  const remove = useRemoveAttachment(visitId);
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes when the confirm step opens or is dismissed; null before either.
  const focusAfter = useRef<'confirm' | 'trigger' | null>(null);
  useEffect(() => {
    if (focusAfter.current === 'confirm') confirmButton.current?.focus();
    if (focusAfter.current === 'trigger') trigger.current?.focus();
    focusAfter.current = null;
  }, [confirming]);

  const open = () => {
    focusAfter.current = 'confirm';
    setConfirming(true);
  };
  const keep = () => {
    if (remove.isPending) return;
    focusAfter.current = 'trigger';
    setConfirming(false);
  };
  // A second Enter before the first answer must not send a second request (and report its 404).
  const sending = useRef(false);
  const confirm = async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      // Resolves once the list has been read again, which may already have unmounted this row.
      await remove.mutateAsync(item.id);
      onRemoved(item.fileName);
    } catch (error) {
      setConfirming(false);
      onRemoveFailed(error instanceof Error ? error.message : 'The file could not be removed.');
    } finally {
      sending.current = false;
    }
  };

  return (
    <li className="px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="min-w-0">
          <span className="block truncate text-slate-800">
            {item.fileName} <span className="text-slate-500">({formatSize(item.sizeBytes)})</span>
          </span>
          {role === 'therapist' && !item.sharedWithAgency && <span className="block text-xs text-amber-800">Shared with the agency when you sign</span>}
        </span>
        <span className="flex items-center gap-3">
          <a href={attachmentUrl(item.id)} download={item.fileName} className="inline-flex items-center gap-1 font-semibold text-brand-800 underline hover:no-underline">
            <Download className="size-4" aria-hidden /> Download
          </a>
          {removable && !confirming && (
            <button ref={trigger} type="button" className={buttonClass('ghost', 'sm')} onClick={open} aria-label={`Remove ${item.fileName}`}>
              <Trash2 className="size-4" aria-hidden /> Remove
            </button>
          )}
        </span>
      </div>
      {removable && confirming && (
        <div
          role="group"
          aria-label={`Remove ${item.fileName}?`}
          className="mt-2 space-y-2 rounded-lg border border-red-200 bg-red-50/50 p-3"
          onKeyDown={(event) => {
            if (event.key === 'Escape') keep();
          }}
        >
          <p className="text-slate-800">
            Remove <span className="font-semibold break-all">{item.fileName}</span>? It is deleted and will not be shared with the agency.
          </p>
          <div className="flex flex-wrap gap-2">
            {/* aria-disabled, not disabled, while busy: a disabled button drops the keyboard focus. */}
            <button
              ref={confirmButton}
              type="button"
              className={cn(buttonClass('primary', 'sm'), 'bg-red-700 hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:bg-red-700/60')}
              onClick={() => void confirm()}
              aria-disabled={remove.isPending}
            >
              {remove.isPending ? 'Removing…' : 'Remove file'}
            </button>
            <button type="button" className={cn(buttonClass('secondary', 'sm'), 'aria-disabled:cursor-wait')} onClick={keep} aria-disabled={remove.isPending}>
              Keep it
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
