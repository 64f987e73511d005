// `npm run bench:contact` (also part of `npm run bench`): what a contact message costs with
// notifications configured. The built server runs with e-mail pointed at a real SMTP server in this
// process (smtp-server), once without any channel and once with e-mail, and takes the same messages
// from a few concurrent senders. Reports the submission's req/s, p50 and p99 in both, and how long
// each e-mail took to arrive after the visitor was told "sent".
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../scripts/built-site.js';

const MESSAGES = Number(process.env.BENCH_CONTACT_MESSAGES ?? 400);
const SENDERS = Number(process.env.BENCH_CONTACT_SENDERS ?? 8);

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** An SMTP server that notes when each message (named by its subject) arrived. */
async function startSmtp() {
  const arrived = new Map<string, number>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        arrived.set(subject, performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function startSite(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sahifa-bench-contact-'));
  const child = spawn(process.execPath, ['dist/node/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (
      await fetch(`${url}/api/v1/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends MESSAGES messages from SENDERS concurrent senders; answers each one's latency and acceptance time. */
async function submit(url: string, label: string) {
  const latencies: number[] = [];
  const accepted = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < MESSAGES) {
        const index = next++;
        const name = `${label} visitor ${index}`;
        const sent = performance.now();
        const response = await fetch(`${url}/api/v1/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' },
          body: JSON.stringify({
            name,
            email: `visitor${index}@example.uz`,
            message: 'Assalomu alaykum! Loyiha haqida gaplashsak boʻladimi?',
            filled_in_ms: 30_000,
          }),
        });
        if (response.status !== 201) throw new Error(`${label}: answered ${response.status}`);
        latencies.push(performance.now() - sent);
        accepted.set(name, performance.now());
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: MESSAGES / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), accepted };
}

const smtp = await startSmtp();
// The limit is per address and everything comes from 127.0.0.1: lift it as far as it goes.
const common = { CONTACT_RATE_LIMIT: '1000', CONTACT_RATE_WINDOW_MINUTES: '1' };
const plain = await startSite(common);
const notified = await startSite({
  ...common,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'site@example.uz',
  MAIL_TO: 'owner@example.uz',
});
try {
  const without = await submit(plain.url, 'plain');
  const withMail = await submit(notified.url, 'mail');
  const deadline = performance.now() + 60_000;
  while (smtp.arrived.size < MESSAGES && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const lags = [...withMail.accepted]
    .map(
      ([name, at]) =>
        (smtp.arrived.get(`New message from your site: ${name}`) ??
          smtp.arrived.get(`Saytdan yangi xabar: ${name}`) ??
          Number.NaN) - at,
    )
    .filter((lag) => Number.isFinite(lag))
    .sort((a, b) => a - b);
  console.info(`\nContact messages: ${MESSAGES} from ${SENDERS} concurrent senders, SQLite (synchronous = FULL).`);
  console.table([
    {
      channels: 'none',
      'req/s': Math.round(without.perSecond),
      'p50 ms': without.p50.toFixed(1),
      'p99 ms': without.p99.toFixed(1),
    },
    {
      channels: 'e-mail',
      'req/s': Math.round(withMail.perSecond),
      'p50 ms': withMail.p50.toFixed(1),
      'p99 ms': withMail.p99.toFixed(1),
    },
  ]);
  console.info(
    `E-mails received: ${lags.length} of ${MESSAGES}; from "sent" to the SMTP server: p50 ${percentile(lags, 0.5).toFixed(0)} ms, ` +
      `p99 ${percentile(lags, 0.99).toFixed(0)} ms.`,
  );
} finally {
  plain.stop();
  notified.stop();
  await smtp.close();
}
