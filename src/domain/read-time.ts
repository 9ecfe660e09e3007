import { countWords } from './html-text';

/** A typical adult reading speed for web prose. */
export const WORDS_PER_MINUTE = 200;

/** "N min read" for an article body, rounded up so a reader is never promised less than it takes. */
export function readTimeFor(html: string): string {
  const minutes = Math.max(1, Math.ceil(countWords(html) / WORDS_PER_MINUTE));
  return `${minutes} min read`;
}
