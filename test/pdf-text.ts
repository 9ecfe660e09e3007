import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdfjs reads the standard fonts' metrics from its own package; without them it warns on every page.
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The text of a PDF as a reader extracts it (pdfjs-dist, Mozilla's maintained parser), pages joined,
 * each line's runs joined without separators: it throws when the bytes are not a PDF it can parse.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; title: string | undefined }> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    const { info } = (await document.getMetadata()) as { info: { Title?: string } };
    return { text: pages.join('\n'), pages: document.numPages, title: info.Title };
  } finally {
    await document.destroy();
  }
}
