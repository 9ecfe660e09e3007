import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  replyTo: string | undefined;
  parsed: ParsedMail;
}

/**
 * A real SMTP server in the test process: the app's mail goes over the wire and is parsed here.
 * It can be created before it listens, so a test can show that mail sent while it was down arrives.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Runs before a message is accepted (the sender waits for it): lets a test act at that moment. */
  beforeAccept: ((mail: ReceivedMail) => Promise<void>) | undefined;
  private server: SMTPServer | undefined;
  private waiters: Array<() => void> = [];

  private constructor(readonly port: number) {}

  static async create(): Promise<TestSmtpServer> {
    return new TestSmtpServer(await freePort());
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then(async (parsed) => {
            const mail: ReceivedMail = {
              from: parsed.from?.value[0]?.address ?? '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : undefined,
              replyTo: parsed.replyTo?.value[0]?.address,
              parsed,
            };
            await this.beforeAccept?.(mail);
            this.received.push(mail);
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until a mail matching `match` has arrived, or fails after `timeoutMs`. */
  async waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new Error(`no matching mail within ${timeoutMs} ms; received: ${this.received.map((m) => m.subject).join(', ') || 'none'}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
