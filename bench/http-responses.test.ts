import { describe, expect, it } from 'vitest';
import { ResponseReader } from './http-responses';

/** Feeds `bytes` to a reader `size` bytes at a time; returns the statuses it read. */
function read(bytes: string, size = bytes.length): number[] {
  const statuses: number[] = [];
  const reader = new ResponseReader((status) => statuses.push(status));
  const buffer = Buffer.from(bytes, 'latin1');
  for (let at = 0; at < buffer.length; at += size) reader.feed(buffer.subarray(at, at + size));
  return statuses;
}

const withLength = (status: number, body: string) =>
  `HTTP/1.1 ${status} X\r\ncontent-type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
const chunked = (status: number, chunks: string[]) =>
  `HTTP/1.1 ${status} X\r\nTransfer-Encoding: chunked\r\n\r\n` +
  chunks.map((chunk) => `${chunk.length.toString(16)};ext=1\r\n${chunk}\r\n`).join('') +
  '0\r\nx-trailer: 1\r\n\r\n';

describe('ResponseReader', () => {
  const stream = [withLength(200, 'hello'), chunked(404, ['ab', '\r\n\r\nHTTP/1.1 500', 'c']), withLength(204, ''), withLength(201, 'x'.repeat(300))].join('');

  it('reads back-to-back responses, delimited by Content-Length or chunked coding, whatever is in their bodies', () => {
    expect(read(stream)).toEqual([200, 404, 204, 201]);
  });

  it('reads the same however the bytes are split: heads, chunk sizes and bodies across reads', () => {
    for (const size of [1, 2, 3, 5, 7, 64]) expect(read(stream, size)).toEqual([200, 404, 204, 201]);
  });

  it('does not count a response before its last body byte', () => {
    expect(read(withLength(200, 'hello').slice(0, -1))).toEqual([]);
    expect(read(chunked(200, ['ab']).slice(0, -2))).toEqual([]);
  });

  it('reads a 304 without a length as ended by its head', () => {
    expect(read('HTTP/1.1 304 Not Modified\r\netag: "1"\r\n\r\n' + withLength(200, 'a'))).toEqual([304, 200]);
  });

  it('refuses what it cannot delimit', () => {
    expect(() => read('HTTP/1.1 200 OK\r\nconnection: close\r\n\r\nbody')).toThrow(/neither Content-Length nor chunked/);
    expect(() => read('HTTP/1.0 200 OK\r\n\r\n')).toThrow(/not an HTTP\/1.1 response/);
  });
});
