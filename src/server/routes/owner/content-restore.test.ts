import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../../shared/schemas/content.js';
import { publishContentVersion } from '../../repositories/content-repository.js';
import { testDialect } from '../../test/helper.js';
import { ownerTestAppForBlock } from '../../test/owner-app.js';
import { sampleContent } from '../../test/sample-content.js';

/** Issue 25, defect 1: a restore must not leave the newer edits in the draft for the next Publish. */
describe(`restoring a version, and the draft it sets aside, on ${testDialect}`, () => {
  const owner = ownerTestAppForBlock();
  const { call } = owner;

  async function draftNow() {
    const answer = await call('GET', '/draft');
    expect(answer.statusCode).toBe(200);
    return answer.json().data as {
      draft: { content: SiteContent; basedOn: number | null; revision: number };
      published: { number: number } | null;
    };
  }

  async function saveDraft(edit: (content: SiteContent) => void) {
    const { draft } = await draftNow();
    const content = structuredClone(draft.content);
    edit(content);
    const saved = await call('PUT', '/draft', { content, basedOn: draft.basedOn, revision: draft.revision });
    expect(saved.statusCode).toBe(200);
    return { content, revision: saved.json().data.draft.revision as number };
  }

  async function publish() {
    const published = await call('POST', '/publish', {});
    expect(published.statusCode, published.body).toBe(200);
    return published.json().data.number as number;
  }

  const greeting = async () =>
    (await owner.testApp.app.inject({ url: '/api/v1/pages/home' })).json().data.greeting.english;

  it('makes the draft the restored content, so the next Publish keeps the restore; the replaced draft is set aside and comes back', async () => {
    // Version 2 publishes an edit, and the draft goes on with more unpublished edits.
    await saveDraft((content) => {
      content.home.greeting.english = 'Hello, published';
    });
    expect(await publish()).toBe(2);
    const unpublished = await saveDraft((content) => {
      content.home.greeting.english = 'Hello, not yet published';
      content.footer.description.english = '<p>Unpublished footer</p>';
    });

    const restored = await call('POST', '/versions/1/restore', {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      number: 3,
      source: 'restore',
      draft: { content: sampleContent(), basedOn: 3, revision: unpublished.revision + 1 },
      setAside: { restoredVersion: 1 },
    });
    const after = await draftNow();
    expect(after.draft.content).toEqual(sampleContent());
    expect(after.draft.basedOn).toBe(3);
    expect(after.published?.number).toBe(3);
    expect(await greeting()).toBe('Hello');

    // Publishing now changes nothing visitors see: the undone edits do not come back.
    expect(await publish()).toBe(4);
    const four = (await call('GET', '/versions/4')).json().data.content;
    expect(four).toEqual(sampleContent());
    expect(await greeting()).toBe('Hello');

    // The replaced draft is listed and can be read whole…
    const list = await call('GET', '/set-aside');
    expect(list.statusCode).toBe(200);
    const [kept, ...others] = list.json().data;
    expect(others).toEqual([]);
    expect(kept).toMatchObject({ id: restored.json().data.setAside.id, restoredVersion: 1 });
    const read = await call('GET', `/set-aside/${kept.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.content).toEqual(unpublished.content);

    // …and brought back as the draft, on top of the published version; it is no longer set aside.
    const back = await call('POST', `/set-aside/${kept.id}/bring-back`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({
      draft: { content: unpublished.content, basedOn: 4 },
      published: { number: 4 },
      setAside: null,
    });
    expect((await draftNow()).draft.content).toEqual(unpublished.content);
    expect((await call('GET', '/set-aside')).json().data).toEqual([]);
    expect((await call('POST', `/set-aside/${kept.id}/bring-back`, {})).statusCode).toBe(404);
    expect((await call('GET', `/set-aside/${kept.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/set-aside/not-an-id')).statusCode).toBe(400);
    // Still nothing published until the owner publishes it.
    expect(await greeting()).toBe('Hello');
    expect(await publish()).toBe(5);
    expect(await greeting()).toBe('Hello, not yet published');
  });

  it('refuses an autosave from before the restore with the usual 409, rather than writing over the restored draft', async () => {
    const { draft } = await draftNow();
    const stale = structuredClone(draft.content);
    stale.home.greeting.english = 'Typed before the restore';
    const restored = await call('POST', '/versions/1/restore', {});
    expect(restored.statusCode).toBe(200);
    // The draft held no unpublished edits (it was just published): nothing to set aside.
    expect(restored.json().data.setAside).toBeNull();

    const late = await call('PUT', '/draft', { content: stale, basedOn: draft.basedOn, revision: draft.revision });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'draft_conflict', draft: { content: sampleContent() } });
    expect((await draftNow()).draft.content).toEqual(sampleContent());
  });

  it('never lets an autosave sent at the same moment as the restore win or vanish', async () => {
    for (let round = 0; round < 6; round++) {
      const { draft } = await draftNow();
      const typed = structuredClone(draft.content);
      typed.home.greeting.english = `Typed during restore ${round}`;
      const [restored, save] = await Promise.all([
        call('POST', '/versions/1/restore', {}),
        call('PUT', '/draft', { content: typed, basedOn: draft.basedOn, revision: draft.revision }),
      ]);
      expect(restored.statusCode).toBe(200);
      // Whichever came first, the draft is the restored content…
      expect((await draftNow()).draft.content).toEqual(sampleContent());
      if (save.statusCode === 200) {
        // …and a save that landed first was set aside with the rest, not written over.
        const { id } = restored.json().data.setAside;
        expect((await call('GET', `/set-aside/${id}`)).json().data.content).toEqual(typed);
      } else {
        expect(save.statusCode).toBe(409);
      }
    }
  });

  it('sets the draft it replaces aside in turn when bringing one back, so neither is lost', async () => {
    const first = await saveDraft((content) => {
      content.home.greeting.english = 'First idea';
    });
    const restored = (await call('POST', '/versions/1/restore', {})).json().data;
    expect(restored.setAside).not.toBeNull();
    const second = await saveDraft((content) => {
      content.home.greeting.english = 'Second idea';
    });

    const back = await call('POST', `/set-aside/${restored.setAside.id}/bring-back`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.draft.content).toEqual(first.content);
    const aside = back.json().data.setAside;
    expect(aside).toMatchObject({ restoredVersion: null });
    expect((await call('GET', `/set-aside/${aside.id}`)).json().data.content).toEqual(second.content);
    expect((await call('GET', '/set-aside')).json().data.map((entry: { id: string }) => entry.id)).toContain(aside.id);
    expect((await call('GET', '/set-aside')).json().data.map((entry: { id: string }) => entry.id)).not.toContain(
      restored.setAside.id,
    );
  });
});

describe(`restoring before any draft was saved, on ${testDialect}`, () => {
  const owner = ownerTestAppForBlock();
  const { call } = owner;
  beforeAll(async () => {
    const changed = sampleContent();
    changed.home.greeting.english = 'Version two';
    await publishContentVersion(owner.testApp.db, changed, { source: 'editor' });
  });

  it('stores the restored draft, so a studio opened before the restore cannot save its copy over it', async () => {
    const opened = (await call('GET', '/draft')).json().data.draft;
    expect(opened).toMatchObject({ revision: 0, basedOn: 2 });

    const restored = await call('POST', '/versions/1/restore', {});
    expect(restored.json().data).toMatchObject({ number: 3, draft: { revision: 1, basedOn: 3 }, setAside: null });

    const late = await call('PUT', '/draft', { content: opened.content, basedOn: 2, revision: 0 });
    expect(late.statusCode).toBe(409);
    const draft = (await call('GET', '/draft')).json().data.draft;
    expect(draft.content).toEqual(sampleContent());
  });
});
