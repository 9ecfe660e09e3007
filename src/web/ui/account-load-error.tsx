import { Button } from './button';
import { PageMeta } from './page-meta';
import { ErrorState } from './states';

/** The account (/api/me) could not be loaded: said plainly, with a way to try again. */
export function AccountLoadError({ title, description, onRetry }: { title: string; description: string; onRetry: () => void }) {
  return (
    <>
      <PageMeta title={title} description={description} />
      <ErrorState
        message="We could not load your account. Check your connection and try again."
        action={
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    </>
  );
}
