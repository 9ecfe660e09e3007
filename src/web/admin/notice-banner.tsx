import { CheckCircle2, X, XCircle } from 'lucide-react';
import { cn } from '../ui/cn';
import type { Notice } from './use-notice';

/**
 * Both live regions are always in the page, so screen readers announce the text when it appears:
 * a confirmation politely (role="status"), a failure at once (role="alert").
 */
export function NoticeBanner({ notice, onDismiss }: { notice: Notice | undefined; onDismiss: () => void }) {
  const content = (tone: Notice['tone']) =>
    notice?.tone === tone ? (
      <div
        className={cn(
          'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg',
          tone === 'success' ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-900',
        )}
      >
        {tone === 'success' ? <CheckCircle2 className="size-4 shrink-0 self-center" aria-hidden /> : <XCircle className="size-4 shrink-0 self-center" aria-hidden />}
        <p className="min-w-0 flex-1 self-center break-words">{notice.text}</p>
        {/* 44 px square so it can be tapped on a phone; the negative margin keeps the banner's size. */}
        <button type="button" onClick={onDismiss} className="-my-2.5 -mr-2.5 flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-black/5" aria-label="Dismiss">
          <X className="size-4" aria-hidden />
        </button>
      </div>
    ) : null;
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-30 flex flex-col items-end gap-2 sm:left-auto sm:w-96">
      <div role="status" className="pointer-events-auto w-full empty:hidden">
        {content('success')}
      </div>
      <div role="alert" className="pointer-events-auto w-full empty:hidden">
        {content('error')}
      </div>
    </div>
  );
}
