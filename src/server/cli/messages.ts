// `npm run messages [-- --all] [-- --mark-read]`: the inbox's messages, newest first, read through the
// same repository functions as the owner area, so "unread" is the inbox's own `new` state.
import type { OwnerMessage } from '../../shared/schemas/owner.js';
import { listMessages, setMessageState } from '../repositories/contact-repository.js';
import { OwnerCommandUsageError, runOwnerCommand } from './owner-command.js';
import { terminalLine, terminalText } from './terminal-text.js';

/**
 * A message as the visitor wrote it, and nothing more: control characters escaped (`terminal-text.ts`),
 * and its lines indented, so no line of a message can pass for the heading of another.
 */
function printMessage(message: OwnerMessage): void {
  const received = message.createdAt.replace('T', ' ').slice(0, 16);
  const unread = message.state === 'new' ? ' · new' : '';
  console.info(`— ${received} UTC · ${terminalLine(message.name)} <${terminalLine(message.email)}>${unread}`);
  const lines = terminalText(message.message).split('\n');
  console.info(`${lines.map((line) => `  ${line}`).join('\n')}\n`);
}

await runOwnerCommand(
  {
    name: 'messages',
    usage: `Usage: npm run messages [-- options]

The inbox's messages, newest first: the unread ones (as the owner area counts them), unless --all.
Spam and the trash are left out, as in the owner area's inbox.

  --all          every message in the inbox, read or not
  --mark-read    show the unread messages, then mark them read
  --limit N      at most N messages (default 50)
  --help         this text`,
    options: {
      all: { type: 'boolean', default: false },
      'mark-read': { type: 'boolean', default: false },
      limit: { type: 'string', default: '50' },
    },
  },
  async ({ values, openDatabase }) => {
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new OwnerCommandUsageError('--limit takes a whole number above 0');
    const db = await openDatabase();
    const { messages, total } = await listMessages(db, { state: values.all ? undefined : 'new', pageSize: limit });
    if (messages.length === 0) console.info(values.all ? 'No messages yet.' : 'No unread messages.');
    for (const message of messages) printMessage(message);
    if (total > messages.length) console.info(`… and ${total - messages.length} more (--limit ${total}).`);
    if (values['mark-read']) {
      const unread = messages.filter((message) => message.state === 'new').map((message) => message.id);
      await setMessageState(db, unread, 'read');
      console.info(`Marked ${unread.length} as read.`);
    }
  },
);
