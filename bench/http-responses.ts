/**
 * Reads HTTP/1.1 responses off a keep-alive connection for the load generator (load-worker.ts):
 * their status codes, and where each ends, without decoding any body. A body is skipped by its
 * length (Content-Length, or chunked transfer coding), so what a response costs the client does
 * not grow with its size. Pure, so it is unit-tested.
 */
export class ResponseReader {
  /** The start of a head that has not all arrived yet. */
  private pendingHead: Buffer | null = null;
  /** Body bytes still to skip (in 'body'), or the chunk's data and its CRLF (in 'chunk-data'). */
  private remaining = 0;
  private state: 'head' | 'body' | 'chunk-size' | 'chunk-data' | 'trailer' = 'head';
  /** A chunk-size or trailer line that has not all arrived yet. */
  private pendingLine = '';
  private status = 0;

  constructor(private readonly onResponse: (status: number) => void) {}

  /** Takes the next bytes the connection received; throws on a response it cannot delimit. */
  feed(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'head') at = this.readHead(chunk, at);
      else if (this.state === 'body' || this.state === 'chunk-data') at = this.skip(chunk, at);
      else at = this.readLine(chunk, at);
    }
  }

  private readHead(chunk: Buffer, at: number): number {
    const pending = this.pendingHead;
    const bytes = pending ? Buffer.concat([pending, chunk.subarray(at)]) : chunk.subarray(at);
    // Search only what is new (and the three bytes before it, where an end split in two begins).
    const end = bytes.indexOf('\r\n\r\n', pending ? Math.max(0, pending.length - 3) : 0);
    if (end < 0) {
      // Kept past this chunk: a copy, unless concat has just made one.
      this.pendingHead = pending ? bytes : Buffer.from(bytes);
      return chunk.length;
    }
    this.pendingHead = null;
    this.beginBody(bytes, end + 2);
    // Where the head ended, counted in this chunk.
    return at + end + 4 - (pending ? pending.length : 0);
  }

  /**
   * Reads the status and the body's delimiting from the head's bytes (up to `end`, its last line's
   * CRLF included), looking only at the start of each line: no string of the head is made, so a head
   * of long security headers costs about what a short one does.
   */
  private beginBody(head: Buffer, end: number): void {
    const status = head[9]! * 100 + head[10]! * 10 + head[11]! - 111 * 48;
    if (head.compare(HTTP_1_1, 0, HTTP_1_1.length, 0, HTTP_1_1.length) !== 0 || !(status >= 100 && status <= 599)) {
      throw new Error(`not an HTTP/1.1 response: ${head.toString('latin1', 0, 40)}`);
    }
    this.status = status;
    let length = -1;
    let chunked = false;
    for (let line = head.indexOf(CRLF) + 2; line < end; line = head.indexOf(CRLF, line) + 2) {
      if (startsWithName(head, line, CONTENT_LENGTH)) {
        length = Number(head.toString('latin1', line + CONTENT_LENGTH.length, head.indexOf(CRLF, line)).trim());
      } else if (startsWithName(head, line, TRANSFER_ENCODING)) {
        chunked = head.toString('latin1', line + TRANSFER_ENCODING.length, head.indexOf(CRLF, line)).toLowerCase().includes('chunked');
      }
    }
    if (chunked) {
      this.state = 'chunk-size';
    } else if (Number.isInteger(length) && length >= 0) {
      this.remaining = length;
      this.state = 'body';
      if (this.remaining === 0) this.complete();
    } else if (status === 204 || status === 304 || status < 200) {
      this.complete();
    } else {
      throw new Error(`a ${status} response with neither Content-Length nor chunked coding cannot be delimited`);
    }
  }

  private skip(chunk: Buffer, at: number): number {
    const taken = Math.min(this.remaining, chunk.length - at);
    this.remaining -= taken;
    if (this.remaining === 0) {
      if (this.state === 'body') this.complete();
      else this.state = 'chunk-size';
    }
    return at + taken;
  }

  /** A chunk-size line, or a line of the trailer that ends a chunked body. */
  private readLine(chunk: Buffer, at: number): number {
    const end = chunk.indexOf('\n', at);
    this.pendingLine += chunk.toString('latin1', at, end < 0 ? chunk.length : end + 1);
    if (end < 0) return chunk.length;
    const line = this.pendingLine.trimEnd();
    this.pendingLine = '';
    if (this.state === 'trailer') {
      if (line === '') this.complete();
    } else {
      const size = parseInt(line.split(';')[0]!, 16);
      if (!Number.isInteger(size) || size < 0) throw new Error(`bad chunk size "${line}"`);
      if (size === 0) this.state = 'trailer';
      else {
        this.remaining = size + 2;
        this.state = 'chunk-data';
      }
    }
    return end + 1;
  }

  private complete(): void {
    this.state = 'head';
    this.onResponse(this.status);
  }
}

const CRLF = '\r\n';
const HTTP_1_1 = Buffer.from('HTTP/1.1 ');
const CONTENT_LENGTH = Buffer.from('content-length:');
const TRANSFER_ENCODING = Buffer.from('transfer-encoding:');

/** Whether the header line at `at` has this name (given in lower case, with its colon), in any case. */
function startsWithName(head: Buffer, at: number, name: Buffer): boolean {
  if (at + name.length > head.length) return false;
  for (let i = 0; i < name.length; i++) {
    const byte = head[at + i]!;
    // A capital (A–Z) differs from its small letter in bit 5 only.
    if ((byte >= 65 && byte <= 90 ? byte | 0x20 : byte) !== name[i]) return false;
  }
  return true;
}
