import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';

/** What a client that misbehaves on the wire gets: answered or cut off, never a connection held. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ REQUEST_TIMEOUT_SECONDS: '2' });
});
afterAll(async () => {
  await app.close();
});

/** Opens a raw connection and sends `head`; resolves with everything the server sent once it closes or answers. */
function rawRequest(head: string) {
  const url = new URL(app.url);
  const socket = net.connect(Number(url.port), url.hostname);
  let received = '';
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) resolve(received);
    });
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
  });
  socket.write(head);
  return { socket, answered };
}

describe('requests on the wire', () => {
  it('an upload from someone not signed in is refused before its body is read', async () => {
    // Ten megabytes announced, a few bytes sent: the answer must not wait for the rest.
    const { socket, answered } = rawRequest(
      `POST /api/visits/${crypto.randomUUID()}/attachments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/pdf\r\nContent-Length: 10000000\r\nX-File-Name: a.pdf\r\n\r\n%PDF-1.7`,
    );
    const response = await answered;
    socket.destroy();
    expect(response).toMatch(/^HTTP\/1\.1 401/);
  });

  it('a client trickling its request is cut off once the request timeout passes', async () => {
    const { socket, answered } = rawRequest(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
    const trickle = setInterval(() => socket.write(' '), 500);
    const response = await answered;
    clearInterval(trickle);
    socket.destroy();
    expect(response).toMatch(/^HTTP\/1\.1 408|^$/);
  }, 15_000);

  it('a text/plain body holding JSON is answered 415, like any type but JSON', async () => {
    const response = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.test', userType: 'agency', subject: 'Hi', message: 'Hello there' }),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
