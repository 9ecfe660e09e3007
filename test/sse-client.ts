/** One Server-Sent Event as a browser's EventSource would see it. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  /** Every event received so far (comments and retry lines excluded). */
  events: SseEvent[];
  /** The retry interval the server asked for, once received. */
  retry: number | undefined;
  /** True once the server has ended the stream (or it was closed). */
  ended: boolean;
  /** Resolves once `count` events have arrived in total; rejects after `timeoutMs`. */
  waitForEvents(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
}

/**
 * One block of a stream (the lines before a blank line), as EventSource reads it: its event, when it
 * carries data, and the retry interval, when it sets one. Comments and unknown fields are skipped.
 */
export function parseSseBlock(block: string): { event?: SseEvent; retry?: number } {
  let id: string | undefined;
  let event = 'message';
  let retry: number | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry') retry = Number(value);
  }
  return { event: data.length === 0 ? undefined : { id, event, data: data.join('\n') }, retry };
}

/**
 * A minimal EventSource over fetch, so tests can send a cookie and Last-Event-ID and see the raw
 * status. A non-200 answer comes back with no events and the stream already closed.
 */
export async function openSse(url: string, options: { cookie?: string; lastEventId?: string } = {}): Promise<SseConnection> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const connection: SseConnection = {
    status: response.status,
    headers: response.headers,
    events,
    retry: undefined,
    ended: false,
    waitForEvents(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(events.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} events within ${timeoutMs} ms, got ${events.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    connection.ended = true;
    return connection;
  }

  const parseBlock = (block: string) => {
    const { event, retry } = parseSseBlock(block);
    if (retry !== undefined) connection.retry = retry;
    if (!event) return;
    events.push(event);
    for (const waiter of [...waiters]) waiter();
  };

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value.replaceAll('\r\n', '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close(), or the server went away: the test asserts on what arrived.
    } finally {
      connection.ended = true;
    }
  })();
  return connection;
}
