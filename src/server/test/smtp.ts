import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const SMTP_USER = 'sahifa';
const SMTP_PASSWORD = 'test-password';

export interface TestSmtp {
  url: string;
  urlRequiringTls: string;
  /** Every message received, as raw RFC 5322 text. */
  messages: string[];
  /** How many times a client sent credentials (AUTH). */
  readonly authentications: number;
  /** Stops listening (the port stays reserved for `start`), as an outage. */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  start: () => Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package, from the nodemailer project) on 127.0.0.1 that
 * requires the test credentials and keeps every message it accepts.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: string[] = [];
  let authentications = 0;
  let port = 0;
  let server: SMTPServer | undefined;
  const start = async () => {
    if (server) return;
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        authentications++;
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: SMTP_USER });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          messages.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    // smtp-server reports a client's reset connection as an 'error' event, which with no listener
    // would crash the test run: a Sahifa process SIGKILLed mid-send does exactly that, on purpose.
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.server.once('error', reject);
      listening.listen(port, '127.0.0.1', resolve);
    });
    port = (listening.server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await start();
  return {
    /** With the owner's opt-in for a relay without TLS: this server offers no STARTTLS. */
    get url() {
      return `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}?plaintext=allow`;
    },
    /** The same server as an owner would name it by default, where TLS is required. */
    get urlRequiringTls() {
      return `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`;
    },
    messages,
    get authentications() {
      return authentications;
    },
    stop,
    start,
  };
}

/** A header of a raw message, unfolded. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const line = head.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
