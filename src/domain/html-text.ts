/** Plain text from the trusted article HTML in src/content (not a general-purpose HTML parser). */

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return namedEntities[name.toLowerCase()] ?? entity;
  });
}

// Block-level tags end a word; inline tags (<strong>, <em>, <a>) sit inside one, e.g. "<strong>2w4</strong>,".
const BLOCK_TAG = /<\/?(?:p|h[1-6]|ul|ol|li|table|thead|tbody|tr|th|td|br|div|section|blockquote)\b[^>]*>/gi;

/** The text of an HTML fragment with tags removed, entities decoded and whitespace collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(BLOCK_TAG, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words a reader reads: tokens between spaces that hold at least one letter or digit. */
export function countWords(html: string): number {
  return htmlToText(html)
    .split(' ')
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}
