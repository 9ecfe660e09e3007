import MiniSearch, { type SearchResult } from 'minisearch';
import type { Article, AssistantAnswer, AssistantSource, FaqItem } from '../../domain/content';
import { articlePassages, faqPassages, type Passage } from './passages';
import { stopWords } from './stop-words';

export const NO_ANSWER =
  "I couldn't find an answer to that in our articles and FAQs. Try rephrasing your question, or contact our team at /contact.";

/**
 * Relevance thresholds, calibrated by hand on sample questions: answerable ones scored above 10 and
 * matches on a single stray word 2-8 ("best pizza" 7.5, "stock market" 6.5), while a passage matching
 * a discipline in the article title as well as its text scores above 15.
 */
const MIN_SCORE = 6;
const CONFIDENT_SCORE = 15;
/** Typos are forgiven only in longer words: one edit in 5-7 letters, two from 8; "won" must not match "own". */
const FUZZY = 0.2;
const MIN_FUZZY_LENGTH = 5;
/** Further passages are quoted only when nearly as relevant as the best one. */
const SECONDARY_SCORE_RATIO = 0.6;
const MAX_SOURCES = 3;
const MAX_SENTENCES = 3;
const MAX_PASSAGE_CHARS = 480;

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
/** A light plural folding, so "PTs" finds "PT" and "therapies" finds "therapy"; applied to index and question alike. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length >= 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const processTerm = (term: string): string | null => {
  const word = term.toLowerCase().replace(/^['’]+|['’]+$/g, '');
  return word && !stopWords.has(word) ? singular(word) : null;
};

/** The meaningful words of a text, as the index sees them. */
export function meaningfulTerms(text: string): string[] {
  return [...new Set(tokenize(text).flatMap((token) => processTerm(token) ?? []))];
}

// Split after ., ! or ? followed by a capital, digit or $ — but not after "v." in case names like "Jimmo v. Sebelius".
const SENTENCE_BREAK = /(?<!\b(?:v|vs|e\.g|i\.e|Dr|Mr|Ms|Mrs)\.)(?<=[.!?])\s+(?=["“(]?[A-Z0-9$])/;

/**
 * The 1-3 consecutive sentences of a passage that hold the most matched words. A quote starts at the
 * passage's first sentence or at a sentence with a match, so it never opens on unrelated text.
 */
export function quote(text: string, matchedTerms: readonly string[]): string {
  const sentences = text.split(SENTENCE_BREAK);
  const matched = new Set(matchedTerms);
  const hits = sentences.map((sentence) => meaningfulTerms(sentence).filter((term) => matched.has(term)).length);
  let best = { start: 0, length: 1, hits: -1 };
  for (let start = 0; start < sentences.length; start++) {
    if (start > 0 && hits[start] === 0) continue;
    for (let length = 1; length <= MAX_SENTENCES && start + length <= sentences.length; length++) {
      if (length > 1 && sentences.slice(start, start + length).join(' ').length > MAX_PASSAGE_CHARS) break;
      const windowHits = hits.slice(start, start + length).reduce((sum, n) => sum + n, 0);
      // Prefer more matched words, then more context (a longer window), then the earlier window.
      if (windowHits > best.hits || (windowHits === best.hits && length > best.length)) {
        best = { start, length, hits: windowHits };
      }
    }
  }
  return sentences.slice(best.start, best.start + best.length).join(' ');
}

/** Whether a question word is in the passage as written (or as a prefix or inflection), not only a typo away. */
function isExactMatch(questionTerm: string, passageTerms: readonly string[]): boolean {
  const inflection = (term: string) =>
    // "completed" against "complete", "referrals" against "referral"
    term.length >= 4 && questionTerm.startsWith(term) && questionTerm.length - term.length <= 3;
  return passageTerms.some((term) => term.startsWith(questionTerm) || inflection(term));
}

/**
 * How much of the question the passage holds: the share of its meaningful words found as written
 * (`exact`), and the same share with words found only a typo away counting half (`weighted`).
 */
function questionCoverage(result: SearchResult, terms: readonly string[]): { exact: number; weighted: number } {
  const matched = new Set(result.queryTerms);
  let exact = 0;
  let fuzzy = 0;
  for (const term of terms) {
    if (!matched.has(term)) continue;
    if (isExactMatch(term, result.terms)) exact++;
    else fuzzy++;
  }
  return { exact: exact / terms.length, weighted: (exact + fuzzy / 2) / terms.length };
}

/**
 * More than half the question, or exactly half of it as written when the match is strong ("How much
 * do PTs make?"), so that one shared word ("best" in "best pizza") does not pass for an answer.
 */
function isRelevant(result: SearchResult, terms: readonly string[]): boolean {
  const { exact, weighted } = questionCoverage(result, terms);
  return result.score >= MIN_SCORE && (weighted > 0.5 || (exact >= 0.5 && result.score >= CONFIDENT_SCORE));
}

export interface KnowledgeAssistant {
  answer(question: string): AssistantAnswer;
}

/** Indexes the articles and FAQs once; `answer` then quotes the passages that best answer a question. */
export function createKnowledgeAssistant({
  articles,
  faqs,
}: {
  articles: readonly Article[];
  faqs: readonly FaqItem[];
}): KnowledgeAssistant {
  const index = new MiniSearch<Passage>({
    fields: ['title', 'heading', 'text'],
    storeFields: ['kind', 'title', 'href', 'text'],
    processTerm,
    searchOptions: {
      boost: { title: 3, heading: 2 },
      fuzzy: (term) => (term.length >= MIN_FUZZY_LENGTH ? FUZZY : false),
      prefix: true,
      combineWith: 'OR',
    },
  });
  index.addAll([...articles.flatMap(articlePassages), ...faqPassages(faqs)]);

  return {
    answer(question) {
      const terms = meaningfulTerms(question);
      if (terms.length === 0) return { answered: false, answer: NO_ANSWER, sources: [] };

      const relevant = index.search(terms.join(' ')).filter((result) => isRelevant(result, terms));
      const best = relevant[0];
      if (!best) return { answered: false, answer: NO_ANSWER, sources: [] };

      const sources: AssistantSource[] = relevant
        .filter((result) => result.score >= best.score * SECONDARY_SCORE_RATIO)
        .slice(0, MAX_SOURCES)
        .map((result) => ({
          kind: result.kind as Passage['kind'],
          title: result.title as string,
          href: result.href as string,
          passage: quote(result.text as string, result.terms),
        }));
      return { answered: true, answer: sources.map((source) => source.passage).join('\n\n'), sources };
    },
  };
}
