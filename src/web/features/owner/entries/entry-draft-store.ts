import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { Collection } from '../../../../shared/schemas/collections.js';
import { ApiError } from '../../../shared/api/api-client.js';
import type { SaveStatus } from '../site/draft-store.js';
import { type SavedEntryDraft, saveEntryDraft } from './api/save-entry-draft.js';

export interface EntryDraftSnapshot {
  content: Record<string, unknown>;
  status: SaveStatus;
  /** The draft saved elsewhere that refused the last save (the owner chooses). */
  conflict: SavedEntryDraft | undefined;
}

/** Autosave waits this long after the last edit (as the sections' studio does, decision 024). */
const SAVE_DELAY_MS = 2_000;
/** A failed save is tried again after this long; offline, TanStack Query waits for the connection. */
const RETRY_DELAY_MS = 4_000;

type Base = Pick<SavedEntryDraft, 'content' | 'revision' | 'basedOn'>;

const asContent = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * One entry's draft as the owner edits it, saved the way the sections' draft is (site/draft-store.ts,
 * decision 025): a few seconds after the last edit and at once when a field is left, each save a
 * TanStack Query mutation in the entry's own scope (so saves go one after another, each from the
 * revision the one before saved), retried every 4 s, paused offline until the browser is back; a
 * localStorage copy per entry until saved, which the next visit sends; a 409 keeps both drafts until
 * the owner chooses.
 */
export class EntryDraftStore {
  private snapshot: EntryDraftSnapshot;
  private readonly listeners = new Set<() => void>();
  private base: Base;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly saves: MutationObserver<Awaited<ReturnType<EntryDraftStore['send']>>, Error, void>;
  private readonly scope: { mutationKey: readonly unknown[]; scope: { id: string } };
  private readonly backupKey: string;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly collection: Collection,
    private readonly id: string,
    draft: SavedEntryDraft,
  ) {
    this.scope = { mutationKey: ['entries', 'draft', 'save', id], scope: { id: `entry-draft-${id}` } };
    this.backupKey = `sahifa-studio-entry-${id}`;
    this.base = draft;
    this.snapshot = { content: asContent(draft.content), status: 'saved', conflict: undefined };
    this.saves = new MutationObserver(queryClient, {
      ...this.scope,
      mutationFn: () => this.send(),
      onSuccess: (sent) => {
        if (!sent) return;
        if (sent.result.saved) this.setBase({ ...sent.result.answer.draft, content: sent.content });
        else this.set({ conflict: sent.result.current });
      },
      retry: (_, error) => !(error instanceof ApiError && (error.code === 'unauthorized' || error.status === 404)),
      retryDelay: RETRY_DELAY_MS,
    });
    const backup = this.readBackup();
    if (backup && JSON.stringify(backup.content) !== JSON.stringify(draft.content)) {
      // Edits from an earlier visit that never reached the server: saved now, or shown beside the
      // server's draft if it moved on meanwhile.
      this.base = { ...backup, content: draft.content };
      this.snapshot = { ...this.snapshot, content: asContent(backup.content) };
      this.schedule(0);
    }
  }

  private readBackup(): Base | undefined {
    try {
      return JSON.parse(localStorage.getItem(this.backupKey) ?? 'null') ?? undefined;
    } catch {
      return undefined;
    }
  }

  readonly subscribe = (listener: () => void) => {
    const stopWatching = this.queryClient.getMutationCache().subscribe(() => this.refresh());
    this.refresh();
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      stopWatching();
    };
  };

  readonly getSnapshot = () => this.snapshot;

  private set(changes: Partial<EntryDraftSnapshot>) {
    const next = { ...this.snapshot, ...changes };
    this.snapshot = { ...next, status: this.statusOf(next) };
    for (const listener of this.listeners) listener();
  }

  private refresh() {
    if (this.statusOf(this.snapshot) !== this.snapshot.status) this.set({});
  }

  private statusOf({ content, conflict }: EntryDraftSnapshot): SaveStatus {
    if (conflict) return 'conflict';
    const [running] = this.queryClient.getMutationCache().findAll({ ...this.scope, status: 'pending' });
    if (running && !onlineManager.isOnline()) return 'offline';
    if (running) return running.state.failureCount > 0 ? 'retrying' : 'saving';
    return content === this.base.content ? 'saved' : 'unsaved';
  }

  private setBase(base: Base) {
    this.base = base;
    this.set({});
    this.backUp();
  }

  private backUp() {
    const { content } = this.snapshot;
    try {
      if (content === this.base.content) localStorage.removeItem(this.backupKey);
      else localStorage.setItem(this.backupKey, JSON.stringify({ ...this.base, content }));
    } catch {
      // A full or disabled storage only loses the offline copy; the save itself goes on.
    }
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.save(), delay);
  }

  private save() {
    clearTimeout(this.timer);
    if (this.queryClient.isMutating(this.scope) < 2) this.saves.mutate().catch(() => undefined);
  }

  private async send() {
    const { content, conflict } = this.snapshot;
    if (conflict || content === this.base.content) return undefined;
    const { revision, basedOn } = this.base;
    const result = await saveEntryDraft(this.collection, this.id, { content, revision, basedOn });
    return { content, result };
  }

  /** The owner changed the draft: kept in the browser at once, saved after a pause. */
  edit(content: Record<string, unknown>) {
    this.set({ content });
    this.backUp();
    this.schedule(SAVE_DELAY_MS);
  }

  /** A field was left: save now rather than after the pause. */
  leaveField() {
    if (this.snapshot.status === 'unsaved') this.save();
  }

  /** Saves what is on screen; true once the server has it, false as soon as it could not. */
  async flush(): Promise<boolean> {
    this.save();
    let unsubscribe = () => {};
    await new Promise<void>((resolve) => {
      const check = () => this.snapshot.status !== 'saving' && resolve();
      unsubscribe = this.subscribe(check);
      check();
    });
    unsubscribe();
    return this.snapshot.status === 'saved';
  }

  /** "Keep mine": this page's draft is saved over the one saved elsewhere. */
  keepMine() {
    const theirs = this.snapshot.conflict;
    if (!theirs) return;
    this.set({ conflict: undefined });
    this.setBase(theirs);
    this.save();
  }

  /** The server's draft replaces this page's: "take theirs", or a restore. */
  replaceWith(draft: SavedEntryDraft) {
    clearTimeout(this.timer);
    this.snapshot = { ...this.snapshot, content: asContent(draft.content), conflict: undefined };
    this.setBase(draft);
  }

  /** Stops a pending save's timer (the editor is closed; saves already queued still go). */
  dispose() {
    if (this.snapshot.status === 'unsaved') this.save();
  }
}
