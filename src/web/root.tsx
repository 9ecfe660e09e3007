import { StrictMode, useEffect, type ReactNode } from 'react';

/** What wraps every page, the signed-in app's and the public site's, in the browser and at build time alike. */
export function Root({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {children}
      <MarkStarted />
    </StrictMode>
  );
}

/**
 * Marks the document (`<html data-started>`) once React has hydrated or rendered the page. A page
 * rendered at build time shows its buttons and forms before React handles them; browser tests wait
 * for this mark before they use them (test/e2e.ts).
 */
function MarkStarted() {
  useEffect(() => {
    document.documentElement.dataset.started = '';
  }, []);
  return null;
}
