import http from 'node:http';
import { freePort } from './ports';

export interface TwilioMessage {
  to: string;
  from: string;
  body: string;
  authorization: string;
}

const ACCOUNT_SID = 'AC123';

/**
 * A local stand-in for Twilio's Messages API that records what it is asked to send; it refuses the
 * first `failures` sends (503) to show retries. `env` points the app at it.
 */
export class TwilioDouble {
  readonly messages: TwilioMessage[] = [];
  failuresLeft: number;
  port = 0;
  private server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      if (req.url !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) return res.writeHead(404).end();
      if (this.failuresLeft > 0) {
        this.failuresLeft -= 1;
        return res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Service unavailable' }));
      }
      const form = new URLSearchParams(data);
      this.messages.push({ to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '', authorization: req.headers.authorization ?? '' });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${this.messages.length}` }));
    });
  });

  constructor(options: { failures?: number } = {}) {
    this.failuresLeft = options.failures ?? 0;
  }

  async start() {
    this.port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The app's settings for sending text messages through this double. */
  get env(): Record<string, string> {
    return {
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: 'secret-token',
      TWILIO_FROM_NUMBER: '+15125550000',
      TWILIO_API_URL: `http://127.0.0.1:${this.port}`,
    };
  }
}
