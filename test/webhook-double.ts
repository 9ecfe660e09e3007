import http from 'node:http';
import { freePort } from './ports';

export interface WebhookPost {
  path: string;
  body: { content: string; username: string; avatar_url: string };
}

/**
 * A local stand-in for the team's chat webhook: refuses the first `failures` posts with 503 (to
 * show the job retries), then records what it receives.
 */
export class WebhookDouble {
  readonly received: WebhookPost[] = [];
  port = 0;
  private server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      if (this.failures > 0) {
        this.failures -= 1;
        res.writeHead(503).end();
        return;
      }
      this.received.push({ path: req.url ?? '', body: JSON.parse(data) as WebhookPost['body'] });
      res.writeHead(204).end();
    });
  });

  constructor(private failures = 0) {}

  url(path: string) {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async start() {
    this.port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
