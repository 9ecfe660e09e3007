import { describe, expect, it } from 'vitest';
import { realJpeg, realPdf, realPng } from '../../../test/attachment-files';
import { checkAttachmentBytes, containsHtmlTag } from './file-type-check';

const html = Buffer.from('<html><body><script>fetch("/api/me")</script></body></html>');
const refused = (message: RegExp) => ({ ok: false, message: expect.stringMatching(message) as unknown });

describe('checkAttachmentBytes', () => {
  it('accepts real PDF, PNG and JPEG files', () => {
    expect(checkAttachmentBytes(realPdf(), 'application/pdf')).toEqual({ ok: true });
    expect(checkAttachmentBytes(realPng(), 'image/png')).toEqual({ ok: true });
    expect(checkAttachmentBytes(realJpeg(), 'image/jpeg')).toEqual({ ok: true });
  });

  it('refuses a PDF that also carries a web page, wherever it sits and in any case', () => {
    const pdf = realPdf();
    const middle = pdf.indexOf('xref');
    const polyglot = Buffer.concat([pdf.subarray(0, middle), Buffer.from('<!DOCTYPE html>\n<SCRIPT>alert(1)</SCRIPT>\n'), pdf.subarray(middle)]);
    expect(checkAttachmentBytes(polyglot, 'application/pdf')).toEqual(refused(/^This PDF also contains web page content/));
  });

  it('refuses a PDF with no end-of-file marker near its end, and an HTML file claiming to be a PDF', () => {
    expect(checkAttachmentBytes(Buffer.concat([realPdf(), Buffer.alloc(2048, 0x20)]), 'application/pdf')).toEqual(refused(/^This file is not a valid PDF/));
    expect(checkAttachmentBytes(html, 'application/pdf')).toEqual(refused(/^This file is not a valid PDF/));
  });

  it('refuses a PNG with anything after IEND, a broken chunk, or IHDR missing', () => {
    const png = realPng();
    expect(checkAttachmentBytes(Buffer.concat([png, html]), 'image/png')).toEqual(refused(/not a valid PNG/));
    const corrupt = Buffer.from(png);
    corrupt[20] = (corrupt[20] ?? 0) ^ 0xff; // inside IHDR: its CRC no longer matches
    expect(checkAttachmentBytes(corrupt, 'image/png').ok).toBe(false);
    expect(checkAttachmentBytes(png.subarray(0, png.length - 12), 'image/png').ok).toBe(false);
    expect(checkAttachmentBytes(Buffer.concat([png.subarray(0, 8), png.subarray(33)]), 'image/png').ok).toBe(false);
  });

  it('refuses a JPEG with data after its end, or cut short, or an HTML comment segment', () => {
    const jpeg = realJpeg();
    expect(checkAttachmentBytes(Buffer.concat([jpeg, html]), 'image/jpeg').ok).toBe(false);
    expect(checkAttachmentBytes(jpeg.subarray(0, jpeg.length - 2), 'image/jpeg').ok).toBe(false);
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, html.length + 2]), html]);
    const withComment = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
    expect(checkAttachmentBytes(withComment, 'image/jpeg')).toEqual(refused(/^This JPEG also contains web page content/));
  });

  it('finds tags only when the name ends as a tag name does', () => {
    expect(containsHtmlTag(Buffer.from('x <svg xmlns="...">'))).toBe(true);
    expect(containsHtmlTag(Buffer.from('<IFrame/src=x>'))).toBe(true);
    expect(containsHtmlTag(Buffer.from('<svgfoo <bodyguard <htm'))).toBe(false);
  });

  it('takes linear time on a 10 MB file made of near-misses', () => {
    const nearMisses = Buffer.from('<!doctyp<scrip<ifram'.repeat(500_000));
    const started = performance.now();
    expect(checkAttachmentBytes(Buffer.concat([Buffer.from('%PDF-1.7\n'), nearMisses, Buffer.from('\n%%EOF\n')]), 'application/pdf')).toEqual({ ok: true });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
