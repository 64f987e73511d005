// `npm run owner:password`: sets or changes the owner's password for /owner. It reads the password
// from standard input — without echo on a terminal (asked twice), or the first line when piped, so
// scripts can use it: `printf '%s\n' "$PASSWORD" | npm run owner:password`. Changing it ends every
// session. Only a scrypt hash is stored.
import { OWNER_PASSWORD_MIN_LENGTH } from '../../shared/schemas/owner.js';
import { hashPassword } from '../auth/password.js';
import { setPasswordHash } from '../repositories/owner-repository.js';
import { OwnerCommandError, runOwnerCommand } from './owner-command.js';

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
          reject(new OwnerCommandError('Cancelled; nothing was changed.'));
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
  if (first !== second) throw new OwnerCommandError('The two passwords differ; nothing was changed.');
  return first;
}

await runOwnerCommand(
  {
    name: 'owner:password',
    usage: `Usage: npm run owner:password

Sets or changes the password of the owner area (/owner). Type it twice when asked, or pipe it in:
  printf '%s\\n' 'a long passphrase' | npm run owner:password
At least ${OWNER_PASSWORD_MIN_LENGTH} characters. Every signed-in session ends.`,
    options: {},
  },
  async ({ config, openDatabase }) => {
    // Before the password is asked for: a wrong DATA_DIR is said at once, and nothing is created there.
    const db = await openDatabase();
    const password = await readPassword();
    if ([...password].length < OWNER_PASSWORD_MIN_LENGTH) {
      throw new OwnerCommandError(
        `The password must have at least ${OWNER_PASSWORD_MIN_LENGTH} characters; nothing was changed.`,
      );
    }
    await setPasswordHash(db, await hashPassword(password));
    const where = config.database.dialect === 'sqlite' ? config.database.file : 'the PostgreSQL database';
    console.info(`The owner password is set (in ${where}); every earlier session has ended. Sign in at /owner.`);
  },
);
