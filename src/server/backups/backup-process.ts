// The child process the server makes a backup in (`writeBackup` in backups.ts): `VACUUM INTO` is
// synchronous and as long as the database is big, so it never holds the server's event loop.
// Arguments: the database file and the new backup file. It prints the backup's size, or the problem
// as one JSON line on stderr and exits 1.
import { BackupError, backupSqlite } from './sqlite-backup.js';

const [source, target] = process.argv.slice(2);
try {
  if (!source || !target) throw new BackupError('failed', 'usage: backup-process SOURCE TARGET');
  process.stdout.write(String(backupSqlite(source, target)));
} catch (error) {
  const problem = error instanceof BackupError ? error.problem : 'failed';
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${JSON.stringify({ problem, message })}\n`);
  process.exitCode = 1;
}
