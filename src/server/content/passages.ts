import type { Article, FaqItem } from '../../domain/content';
import { htmlToText } from '../../domain/html-text';

/** One quotable piece of knowledge: a paragraph, list item or table of an article, or one FAQ. */
export interface Passage {
  id: string;
  kind: 'article' | 'faq';
  /** The article's title, or the FAQ's question. */
  title: string;
  /** The nearest <h2> above the passage ('' for an article's introduction and for FAQs). */
  heading: string;
  text: string;
  href: string;
}

const BLOCK = /<(h2|p|ul|ol|table)\b[^>]*>([\s\S]*?)<\/\1>/gi;

const endSentence = (text: string) => (/[.!?:]$/.test(text) ? text : `${text}.`);

function listItems(html: string): string[] {
  return [...html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((match) => endSentence(htmlToText(match[1] ?? '')));
}

/** A table as sentences, one per body row: "Initial Evaluation: default rate $150; who can perform it PT, OT or ST." */
function tableText(html: string): string {
  const rows = [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t([hd])\b[^>]*>([\s\S]*?)<\/t\1>/gi)].map((cell) => ({
      header: cell[1] === 'h',
      text: htmlToText(cell[2] ?? ''),
    })),
  );
  const headers = rows.find((cells) => cells.every((cell) => cell.header))?.map((cell) => cell.text.toLowerCase()) ?? [];
  return rows
    .filter((cells) => !cells.every((cell) => cell.header))
    .map((cells) => {
      const [first, ...rest] = cells.map((cell) => cell.text);
      const details = rest.map((text, i) => (headers[i + 1] ? `${headers[i + 1]} ${text}` : text)).join('; ');
      return `${first ?? ''}: ${details}.`;
    })
    .join(' ');
}

/**
 * An article split into passages small enough to quote: each paragraph, each list item and each
 * table, labelled with the section heading they sit under so the index can match on it too.
 */
export function articlePassages(article: Article): Passage[] {
  const passages: Passage[] = [];
  const href = `/articles/${article.id}`;
  let heading = '';
  const add = (text: string) => {
    if (text) passages.push({ id: `${article.id}#${passages.length}`, kind: 'article', title: article.title, heading, text, href });
  };
  for (const [, tag = '', inner = ''] of article.content.matchAll(BLOCK)) {
    switch (tag.toLowerCase()) {
      case 'h2':
        heading = htmlToText(inner);
        break;
      case 'p':
        add(htmlToText(inner));
        break;
      case 'table':
        add(tableText(inner));
        break;
      default:
        listItems(inner).forEach(add);
    }
  }
  return passages;
}

export function faqPassages(faqs: readonly FaqItem[]): Passage[] {
  return faqs.map((faq) => ({
    id: `faq#${faq.id}`,
    kind: 'faq',
    title: faq.question,
    heading: '',
    text: faq.answer,
    href: '/#faqs',
  }));
}
