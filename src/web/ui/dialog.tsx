import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { cn } from './cn';

const placements = {
  center:
    'top-1/2 left-1/2 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6',
  // A sheet from the bottom edge, within reach of the thumb on a phone.
  bottom: 'inset-x-0 bottom-0 max-h-[85vh] rounded-t-2xl px-4 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))]',
} as const;

/**
 * An accessible modal dialog (focus trap, Escape to close, labelled by its title). With `trigger`
 * (a button), Radix wires the button to the dialog and gives focus back to it on closing.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  placement = 'center',
  trigger,
  returnFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  placement?: keyof typeof placements;
  trigger?: ReactNode;
  /**
   * Where focus goes back on closing, for a dialog opened by a button of the caller's own rather
   * than `trigger` (one loaded only when it first opens, so Radix is not in the page's first JS).
   */
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className={cn('fixed z-50 overflow-y-auto bg-white shadow-xl', placements[placement])}
          onCloseAutoFocus={
            returnFocus
              ? (event) => {
                  event.preventDefault();
                  returnFocus.current?.focus();
                }
              : undefined
          }
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-xl font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
