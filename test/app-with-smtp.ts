import { startTestApp, type TestApp } from './app';
import { TestSmtpServer } from './smtp';

export interface AppWithSmtp {
  app: TestApp;
  smtp: TestSmtpServer;
  /** Closes the app, then stops the SMTP server. */
  close(): Promise<void>;
}

/**
 * The real app with its mail going to a real SMTP server in the test process: the setup every test of
 * what the app mails repeats, kept here so each says only what it adds. `env` is added to the app's
 * environment after `SMTP_URL`. With `smtpListening: false` the server's address is configured but
 * nothing listens there until the test calls `smtp.start()`, to show what happens while it is down.
 */
export async function startAppWithSmtp(env: Record<string, string> = {}, options: { smtpListening?: boolean } = {}): Promise<AppWithSmtp> {
  const smtp = await TestSmtpServer.create();
  if (options.smtpListening ?? true) await smtp.start();
  let app: TestApp;
  try {
    app = await startTestApp({ SMTP_URL: smtp.url, ...env });
  } catch (error) {
    // The caller gets no `close` to call, so the server must not be left listening.
    await smtp.stop();
    throw error;
  }
  return {
    app,
    smtp,
    async close() {
      await app.close();
      await smtp.stop();
    },
  };
}
