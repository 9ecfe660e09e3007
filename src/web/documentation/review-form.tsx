import { useState } from 'react';
import { ApiError } from '../api/client';
import { useReviewNote } from '../api/documentation';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField } from '../ui/field';

/** The agency's review of a signed note: approve it (the visit becomes payable) or return it with a message. */
export function ReviewForm({ visitId, onReviewed }: { visitId: string; onReviewed: (action: 'approve' | 'return') => void }) {
  const review = useReviewNote(visitId);
  const [returning, setReturning] = useState(false);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const send = async (input: { action: 'approve' } | { action: 'return'; message: string }) => {
    setFailure(undefined);
    setMessageError(undefined);
    try {
      await review.mutateAsync(input);
      onReviewed(input.action);
    } catch (error) {
      if (error instanceof ApiError && error.fields.message) setMessageError(error.fields.message);
      else setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      {returning ? (
        <form
          noValidate
          aria-label="Return the note"
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (message.trim() === '') setMessageError('Say what the therapist should change.');
            else void send({ action: 'return', message });
          }}
        >
          {/* Focus moves here from the button that opened the form (which is gone now). */}
          <TextAreaField
            label="What should the therapist change?"
            rows={3}
            maxLength={2000}
            autoFocus
            value={message}
            error={messageError}
            onChange={(event) => setMessage(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button
              variant="ghost"
              onClick={() => {
                setReturning(false);
                setMessageError(undefined);
              }}
              disabled={review.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={review.isPending}>
              Return to therapist
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setReturning(true)} disabled={review.isPending}>
            Return with message
          </Button>
          <Button onClick={() => void send({ action: 'approve' })} disabled={review.isPending}>
            {review.isPending ? 'Approving…' : 'Approve'}
          </Button>
        </div>
      )}
    </div>
  );
}
