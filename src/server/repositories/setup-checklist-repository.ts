import type { Db } from '../db/database.js';
import { ownerSetting, putOwnerSetting } from './owner-settings-repository.js';

/** The checklist's own `owner_settings` rows: what was once seen or pressed stays done. */
const TEST_DELIVERED_KEY = 'setup_checklist.test_delivered';
const CONTENT_REVIEWED_KEY = 'setup_checklist.content_reviewed';
const HIDDEN_KEY = 'setup_checklist.hidden';

/**
 * Whether a notification ever reached the owner: a delivery the outbox marked sent (any kind: the
 * test, a message, a sign-in notice). Remembered once seen, since a sent message's deliveries go
 * with it when it is deleted from the trash.
 */
export async function notificationDelivered(db: Db, now = new Date()): Promise<boolean> {
  if ((await ownerSetting(db, TEST_DELIVERED_KEY)) !== undefined) return true;
  const sent = await db
    .selectFrom('notification_jobs')
    .select('id')
    .where('status', '=', 'sent')
    .limit(1)
    .executeTakeFirst();
  if (!sent) return false;
  await putOwnerSetting(db, TEST_DELIVERED_KEY, now.toISOString(), now);
  return true;
}

/** Whether the owner published anything from the studio (the site's sections or an entry), or marked the content reviewed. */
export async function contentReviewed(db: Db): Promise<boolean> {
  if ((await ownerSetting(db, CONTENT_REVIEWED_KEY)) !== undefined) return true;
  const fromStudio = ['editor', 'restore'];
  const [section, entry] = await Promise.all([
    db.selectFrom('content_versions').select('number').where('source', 'in', fromStudio).limit(1).executeTakeFirst(),
    db.selectFrom('entry_versions').select('number').where('source', 'in', fromStudio).limit(1).executeTakeFirst(),
  ]);
  return section !== undefined || entry !== undefined;
}

export async function markContentReviewed(db: Db, now = new Date()): Promise<void> {
  await putOwnerSetting(db, CONTENT_REVIEWED_KEY, now.toISOString(), now);
}

/** Whether a second factor protects the sign-in: the authenticator app turned on, or a passkey added. */
export async function secondFactorSetUp(db: Db): Promise<boolean> {
  const [totp, passkey] = await Promise.all([
    db.selectFrom('owner_totp').select('id').where('confirmed_at', 'is not', null).limit(1).executeTakeFirst(),
    db.selectFrom('owner_passkeys').select('id').limit(1).executeTakeFirst(),
  ]);
  return totp !== undefined || passkey !== undefined;
}

export async function setupChecklistHidden(db: Db): Promise<boolean> {
  return (await ownerSetting(db, HIDDEN_KEY)) !== undefined;
}

export async function hideSetupChecklist(db: Db, now = new Date()): Promise<void> {
  await putOwnerSetting(db, HIDDEN_KEY, now.toISOString(), now);
}
