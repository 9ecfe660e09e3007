import { crc32 } from 'node:zlib';
import type { AttachmentContentType } from '../../domain/documentation';

/**
 * Whether an uploaded file is, as a whole, the type it claims. First bytes alone are not enough: a
 * file can open as a PDF and also as a web page (a polyglot), which a browser or viewer that sniffs
 * could run. So each type's container is walked to its end marker with nothing after it, and no
 * file may carry an HTML or SVG tag anywhere. Every check is one pass over the bytes (linear).
 */

export type FileCheck = { ok: true } | { ok: false; message: string };

const TYPE_LABEL: Record<AttachmentContentType, string> = { 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG' };
const fail = (message: string): FileCheck => ({ ok: false, message });
const notValid = (type: AttachmentContentType) => fail(`This file is not a valid ${TYPE_LABEL[type]}: it may be damaged or another kind of file.`);

// What a browser would take for a page or an image that runs script. A tag name ends at whitespace,
// "/" or ">", and requiring that end keeps compressed image and PDF streams, which are random bytes,
// from matching by chance (about once in tens of gigabytes instead of once in hundreds of megabytes).
const TAG_MARKERS = ['html', 'script', '!doctype', 'svg', 'body', 'iframe'].map((name) => Buffer.from(name, 'latin1'));
const TAG_END = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x2f, 0x3e]);
const isLetter = (byte: number) => byte >= 0x61 && byte <= 0x7a;

function tagAt(body: Buffer, start: number, marker: Buffer): boolean {
  if (start + marker.length > body.length) return false;
  for (let i = 0; i < marker.length; i += 1) {
    const wanted = marker[i]!;
    const byte = body[start + i]!;
    // Upper and lower case letters differ only by 0x20; '!' must match exactly.
    if (isLetter(wanted) ? (byte | 0x20) !== wanted : byte !== wanted) return false;
  }
  const after = start + marker.length;
  return after === body.length || TAG_END.has(body[after]!);
}

/** Whether an HTML/SVG tag (`<html`, `<script`, `<!doctype`, `<svg`, `<body`, `<iframe`, any case) appears anywhere. */
export function containsHtmlTag(body: Buffer): boolean {
  for (let lt = body.indexOf(0x3c); lt !== -1; lt = body.indexOf(0x3c, lt + 1)) {
    if (TAG_MARKERS.some((marker) => tagAt(body, lt + 1, marker))) return true;
  }
  return false;
}

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_EOF = Buffer.from('%%EOF', 'latin1');
/** Writers may leave a little whitespace or a short trailer after %%EOF; 1 KiB as readers accept. */
const PDF_EOF_WINDOW = 1024;

function checkPdf(body: Buffer): boolean {
  if (!body.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return false;
  return body.subarray(Math.max(0, body.length - PDF_EOF_WINDOW)).includes(PDF_EOF);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isChunkTypeByte = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

/** Signature, IHDR first, every chunk whole with a correct CRC, at least one IDAT, IEND last and nothing after it. */
function checkPng(body: Buffer): boolean {
  if (!body.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return false;
  let position = PNG_SIGNATURE.length;
  let sawImageData = false;
  while (position + 12 <= body.length) {
    const length = body.readUInt32BE(position);
    const dataEnd = position + 8 + length;
    if (length > 0x7fffffff || dataEnd + 4 > body.length) return false;
    const type = body.subarray(position + 4, position + 8);
    if (!type.every(isChunkTypeByte)) return false;
    if (crc32(body.subarray(position + 4, dataEnd)) !== body.readUInt32BE(dataEnd)) return false;
    const name = type.toString('latin1');
    if (position === PNG_SIGNATURE.length && (name !== 'IHDR' || length !== 13)) return false;
    if (name === 'IDAT') sawImageData = true;
    position = dataEnd + 4;
    if (name === 'IEND') return sawImageData && position === body.length;
  }
  return false;
}

/** Past the entropy-coded data after a start of scan: the position of the next real marker, or -1. */
function skipScanData(body: Buffer, from: number): number {
  for (let ff = body.indexOf(0xff, from); ff !== -1; ff = body.indexOf(0xff, ff + 1)) {
    const next = body[ff + 1];
    if (next === undefined) return -1;
    // 0xFF00 is a stuffed data byte, FFD0–FFD7 restart markers and FFFF fill: all part of the scan.
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return ff;
  }
  return -1;
}

/** Start of image, whole marker segments and scans, end of image, then nothing but zero padding. */
function checkJpeg(body: Buffer): boolean {
  if (body[0] !== 0xff || body[1] !== 0xd8) return false;
  let position = 2;
  let sawScan = false;
  while (position < body.length) {
    if (body[position] !== 0xff) return false;
    while (body[position] === 0xff) position += 1;
    const marker = body[position];
    position += 1;
    if (marker === undefined || marker === 0x00 || marker === 0xd8) return false;
    if (marker === 0xd9) return sawScan && body.subarray(position).every((byte) => byte === 0);
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (position + 2 > body.length) return false;
    const length = body.readUInt16BE(position);
    if (length < 2 || position + length > body.length) return false;
    position += length;
    if (marker === 0xda) {
      sawScan = true;
      position = skipScanData(body, position);
      if (position === -1) return false;
    }
  }
  return false;
}

const checks: Record<AttachmentContentType, (body: Buffer) => boolean> = { 'application/pdf': checkPdf, 'image/png': checkPng, 'image/jpeg': checkJpeg };

/** Whether `body` is a whole, well-formed file of `type` and carries no web page content. */
export function checkAttachmentBytes(body: Buffer, type: AttachmentContentType): FileCheck {
  if (!checks[type](body)) return notValid(type);
  if (containsHtmlTag(body)) return fail(`This ${TYPE_LABEL[type]} also contains web page content (HTML or script), which cannot be attached.`);
  return { ok: true };
}
