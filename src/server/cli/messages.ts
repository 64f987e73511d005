// `npm run messages [-- --all] [-- --mark-read]`: the contact messages visitors sent, newest first.
import { parseArgs } from 'node:util';
import { listContactMessages, markContactMessagesRead } from '../routes/contact/contact-repository.js';
import { openSiteDatabase } from './open-database.js';

const { values } = parseArgs({
  options: {
    all: { type: 'boolean', default: false },
    'mark-read': { type: 'boolean', default: false },
    limit: { type: 'string', default: '50' },
  },
});
const db = await openSiteDatabase();
try {
  const messages = await listContactMessages(db, { unreadOnly: !values.all, limit: Number(values.limit) || 50 });
  if (messages.length === 0) console.info(values.all ? 'No messages yet.' : 'No unread messages.');
  for (const message of messages) {
    console.info(
      `— ${message.created_at.replace('T', ' ').slice(0, 16)} UTC · ${message.name} <${message.email}>${message.read_at ? '' : ' · new'}`,
    );
    console.info(`${message.message}\n`);
  }
  if (values['mark-read']) {
    await markContactMessagesRead(
      db,
      messages.filter((message) => !message.read_at).map((message) => message.id),
    );
    console.info(`Marked ${messages.filter((message) => !message.read_at).length} as read.`);
  }
} finally {
  await db.destroy();
}
