import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeTrash, saveContactMessage } from '../../repositories/contact-repository.js';
import { createSignedInTestApp, SAME_ORIGIN, type TestApp } from '../../test/helper.js';

describe('the inbox API', () => {
  let testApp: TestApp;
  let cookie: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ testApp, cookie } = await createSignedInTestApp());
    const messages = [
      { key: 'oldest', name: 'Bekzod', email: 'bekzod@example.uz', message: 'Veb-sayt kerak, narxi qancha?' },
      { key: 'russian', name: 'Ольга', email: 'olga@example.ru', message: 'ЗДРАВСТВУЙТЕ! Нужен ЛОГОТИП для кафе.' },
      {
        key: 'formula',
        name: '=HYPERLINK("http://evil")',
        email: 'x@example.com',
        message: 'Line one, "quoted"\nline two',
      },
      { key: 'newest', name: 'Dilshod', email: 'dilshod@example.uz', message: 'Oʻzbekcha harflar: gʻ, oʻ, sh.' },
    ];
    for (const [index, message] of messages.entries()) {
      ids[message.key] = await saveContactMessage(testApp.db, message, {
        now: new Date(Date.UTC(2026, 10, 10 + index)),
      });
    }
    ids.spam = await saveContactMessage(
      testApp.db,
      { name: 'Bot', email: 'bot@spam.example', message: 'Buy cheap things now!!!' },
      { spamReason: 'honeypot', now: new Date(Date.UTC(2026, 10, 20)) },
    );
  });
  afterAll(async () => testApp.close());

  const get = (url: string) => testApp.app.inject({ url: `/api/v1${url}`, headers: { cookie } });
  const patch = (url: string, payload: object) =>
    testApp.app.inject({ method: 'PATCH', url: `/api/v1${url}`, headers: { ...SAME_ORIGIN, cookie }, payload });
  const names = (body: { data: { messages: { name: string }[] } }) => body.data.messages.map((message) => message.name);

  it('lists the inbox newest first with ids, the total, and counts per state (spam kept apart)', async () => {
    const body = (await get('/owner/messages')).json();
    expect(names(body)).toEqual(['Dilshod', '=HYPERLINK("http://evil")', 'Ольга', 'Bekzod']);
    expect(body.data.messages[0]).toMatchObject({ id: ids.newest, state: 'new', spamReason: null, deliveries: [] });
    expect(body.data).toMatchObject({ total: 4, page: 1, counts: { new: 4, spam: 1, read: 0, trash: 0 } });
    const spam = (await get('/owner/messages?state=spam')).json();
    expect(spam.data.messages).toMatchObject([{ name: 'Bot', spamReason: 'honeypot' }]);
  });

  it('pages through the messages', async () => {
    const first = (await get('/owner/messages?pageSize=3')).json();
    const second = (await get('/owner/messages?pageSize=3&page=2')).json();
    expect(names(first)).toHaveLength(3);
    expect(names(second)).toEqual(['Bekzod']);
    expect(second.data.total).toBe(4);
  });

  it('searches name, e-mail and text without regard to case, in Cyrillic and Uzbek too', async () => {
    expect(names((await get(`/owner/messages?q=${encodeURIComponent('логотип')}`)).json())).toEqual(['Ольга']);
    expect(names((await get(`/owner/messages?q=${encodeURIComponent('ОЛЬГА')}`)).json())).toEqual(['Ольга']);
    expect(names((await get('/owner/messages?q=BEKZOD%40EXAMPLE')).json())).toEqual(['Bekzod']);
    expect(names((await get(`/owner/messages?q=${encodeURIComponent('gʻ, oʻ')}`)).json())).toEqual(['Dilshod']);
    // Wildcards typed by the owner are literal characters.
    expect(names((await get('/owner/messages?q=%25')).json())).toEqual([]);
    expect(names((await get('/owner/messages?q=_')).json())).toEqual([]);
  });

  it('moves messages between states, one or many, and "not spam" clears the reason', async () => {
    const read = await patch(`/owner/messages/${ids.oldest}`, { state: 'read' });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.message).toMatchObject({ state: 'read' });
    expect((await get('/owner/messages')).json().data.counts.new).toBe(3);

    const bulk = await patch('/owner/messages', { ids: [ids.oldest, ids.russian], state: 'archived' });
    expect(bulk.json().data.updated).toBe(2);
    expect(names((await get('/owner/messages?state=archived')).json()).sort()).toEqual(['Bekzod', 'Ольга']);

    const notSpam = await patch(`/owner/messages/${ids.spam}`, { state: 'read' });
    expect(notSpam.json().data.message).toMatchObject({ state: 'read', spamReason: null });
    const spamAgain = await patch(`/owner/messages/${ids.spam}`, { state: 'spam' });
    expect(spamAgain.json().data.message).toMatchObject({ state: 'spam', spamReason: 'owner' });

    expect((await patch('/owner/messages/00000000-0000-4000-8000-000000000000', { state: 'read' })).statusCode).toBe(
      404,
    );
    expect((await patch(`/owner/messages/${ids.newest}`, { state: 'deleted' })).statusCode).toBe(400);
  });

  it('exports CSV in UTF-8 with a byte-order mark, quoted where needed, formulas kept as text', async () => {
    const response = await get('/owner/messages/export?state=new');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'created_at,state,name,email,message,language,spam_reason,landing_page,referrer,utm_source,utm_medium,utm_campaign,device,pages_read,seconds_before_writing',
    );
    expect(text).toContain(`'=HYPERLINK(""http://evil"")`);
    expect(text).toContain('"Line one, ""quoted""\nline two"');
    expect(text).toContain('Oʻzbekcha harflar: gʻ, oʻ, sh.');
  });

  it('deletes messages kept in the trash or spam for over 30 days, and no others', async () => {
    await patch(`/owner/messages/${ids.formula}`, { state: 'trash' });
    const soon = new Date(Date.now() + 29 * 24 * 60 * 60_000);
    expect(await purgeTrash(testApp.db, soon)).toBe(0);
    const later = new Date(Date.now() + 31 * 24 * 60 * 60_000);
    expect(await purgeTrash(testApp.db, later)).toBe(2);
    const left = await testApp.db.selectFrom('contact_messages').select('id').execute();
    expect(left.map((message) => message.id)).not.toContain(ids.formula);
    expect(left.map((message) => message.id)).not.toContain(ids.spam);
    expect(left).toHaveLength(3);
    // The next test needs a message in spam again.
    ids.spam = await saveContactMessage(
      testApp.db,
      { name: 'Bot', email: 'bot@spam.example', message: 'Buy cheap things now!!!' },
      { spamReason: 'honeypot' },
    );
  });

  it('refuses a move the inbox does not allow, one or in bulk, and then moves none', async () => {
    const trashed = await patch(`/owner/messages/${ids.newest}`, { state: 'trash' });
    expect(trashed.statusCode).toBe(200);
    const trashedAt = trashed.json().data.message.stateChangedAt;

    // The trash only gives back: nothing goes from there to the archive.
    const single = await patch(`/owner/messages/${ids.newest}`, { state: 'archived' });
    expect(single.statusCode).toBe(409);
    expect(single.json()).toMatchObject({ success: false, code: 'move_not_allowed' });
    const spamReplied = await patch(`/owner/messages/${ids.spam}`, { state: 'replied' });
    expect(spamReplied.json()).toMatchObject({ success: false, code: 'move_not_allowed' });

    // One archived message may become spam, the trashed one may not: the request moves neither.
    const bulk = await patch('/owner/messages', { ids: [ids.oldest, ids.newest], state: 'spam' });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json()).toMatchObject({ success: false, code: 'move_not_allowed' });
    expect(names((await get('/owner/messages?state=archived')).json())).toContain('Bekzod');
    expect(names((await get('/owner/messages?state=trash')).json())).toEqual(['Dilshod']);

    // Asking again for the state it is in is no error, and changes nothing.
    const again = await patch(`/owner/messages/${ids.newest}`, { state: 'trash' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.message.stateChangedAt).toBe(trashedAt);
    const restored = await patch(`/owner/messages/${ids.newest}`, { state: 'read' });
    expect(restored.json().data.message).toMatchObject({ state: 'read' });
  });
});
