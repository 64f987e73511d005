// `npm run messages [-- --all] [-- --mark-read]`: the contact messages visitors sent, newest first.
import { listContactMessages, markContactMessagesRead } from '../repositories/contact-repository.js';
import { runOwnerCommand } from './owner-command.js';

await runOwnerCommand(
  {
    name: 'messages',
    usage: `Usage: npm run messages [-- options]

The contact messages visitors sent, newest first (unread ones only, unless --all).

  --all          every message, read or not
  --mark-read    show the unread messages, then mark them read
  --limit N      at most N messages (default 50)
  --help         this text`,
    options: {
      all: { type: 'boolean', default: false },
      'mark-read': { type: 'boolean', default: false },
      limit: { type: 'string', default: '50' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  },
  async (values, db) => {
    const messages = await listContactMessages(db, {
      unreadOnly: !values.all,
      limit: Number(values.limit) || 50,
    });
    if (messages.length === 0) console.info(values.all ? 'No messages yet.' : 'No unread messages.');
    for (const message of messages) {
      console.info(
        `— ${message.created_at.replace('T', ' ').slice(0, 16)} UTC · ${message.name} <${message.email}>${message.read_at ? '' : ' · new'}`,
      );
      console.info(`${message.message}\n`);
    }
    if (values['mark-read']) {
      const unread = messages.filter((message) => !message.read_at).map((message) => message.id);
      await markContactMessagesRead(db, unread);
      console.info(`Marked ${unread.length} as read.`);
    }
  },
);
