// `npm run owner:password`: sets or changes the owner's password for /owner. It reads the password
// from standard input — without echo on a terminal (asked twice), or the first line when piped, so
// scripts can use it: `printf '%s\n' "$PASSWORD" | npm run owner:password`. Changing it ends every
// session. Only a scrypt hash is stored.
import { parseArgs } from 'node:util';
import { OWNER_PASSWORD_MIN_LENGTH } from '../../shared/schemas/owner.js';
import { hashPassword } from '../auth/password.js';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase, migrateToLatest } from '../db/database.js';
import { setPasswordHash } from '../repositories/owner-repository.js';

const HELP = `Usage: npm run owner:password

Sets or changes the password of the owner area (/owner). Type it twice when asked, or pipe it in:
  printf '%s\\n' 'a long passphrase' | npm run owner:password
At least ${OWNER_PASSWORD_MIN_LENGTH} characters. Every signed-in session ends. The site's database is the one the
server uses: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL).`;

/** Reads one line from a terminal without showing what is typed. */
function askHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n' || character === '\u0004') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          stdout.write('\n');
          resolve(typed);
          return;
        }
        if (character === '\u0003') {
          stdin.setRawMode(false);
          stdout.write('\n');
          reject(new Error('Cancelled.'));
          return;
        }
        if (character === '\u007f' || character === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += character;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPiped(): Promise<string> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  return input.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const first = await askHidden('New owner password: ');
  const second = await askHidden('Repeat it: ');
  if (first !== second) throw new Error('The two passwords differ; nothing was changed.');
  return first;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help) {
    console.info(HELP);
    return;
  }
  const config = loadConfig(process.env);
  const password = await readPassword();
  if ([...password].length < OWNER_PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must have at least ${OWNER_PASSWORD_MIN_LENGTH} characters; nothing was changed.`);
  }
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    await setPasswordHash(db, await hashPassword(password));
  } finally {
    await db.destroy();
  }
  const where = config.database.dialect === 'sqlite' ? config.database.file : 'the PostgreSQL database';
  console.info(`The owner password is set (in ${where}); every earlier session has ended. Sign in at /owner.`);
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`owner:password: ${message}`);
  process.exit(1);
});
