import { useCallback, useEffect, useState } from 'react';

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

const NOTICE_MS = 8000;

/** A short confirmation or failure after an action, cleared after a few seconds. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice>();
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(undefined), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback((next: Notice) => setNotice(next), []);
  const dismiss = useCallback(() => setNotice(undefined), []);
  return { notice, show, dismiss };
}
