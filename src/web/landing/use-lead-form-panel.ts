import { useCallback, useEffect, useState } from 'react';
import { LEAD_FORM_DELAY_MS } from '../../domain/site';

/** Remembers, per browser, that the visitor closed or answered the lead form so it never returns. */
export const LEAD_FORM_STORAGE_KEY = 'carerelay.leadForm';
type Outcome = 'dismissed' | 'sent';

function readOutcome(): Outcome | null {
  try {
    const value = window.localStorage.getItem(LEAD_FORM_STORAGE_KEY);
    return value === 'dismissed' || value === 'sent' ? value : null;
  } catch {
    // Storage can be blocked (privacy settings); then the form simply shows once per visit.
    return null;
  }
}

function saveOutcome(outcome: Outcome) {
  try {
    window.localStorage.setItem(LEAD_FORM_STORAGE_KEY, outcome);
  } catch {
    // See readOutcome: not remembering is the only consequence.
  }
}

/** Opens the slide-in lead form LEAD_FORM_DELAY_MS after the landing page loads, unless it was closed or sent before. */
export function useLeadFormPanel() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (readOutcome()) return;
    const timer = window.setTimeout(() => setOpen(true), LEAD_FORM_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const close = useCallback(() => {
    if (readOutcome() !== 'sent') saveOutcome('dismissed');
    setOpen(false);
  }, []);
  const markSent = useCallback(() => saveOutcome('sent'), []);

  return { open, close, markSent };
}
