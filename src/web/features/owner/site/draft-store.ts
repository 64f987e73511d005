import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-client.js';
import { type ContentDraftAnswer, getContentDraftQueryOptions } from '../api/get-content-draft.js';
import { type SavedDraft, saveContentDraft } from '../api/save-content-draft.js';

/** What the studio shows about saving: the spec's words are "Saved", "Saving…" and "Not saved — retrying". */
export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'retrying' | 'offline' | 'conflict';

export interface DraftSnapshot {
  content: unknown;
  status: SaveStatus;
  /** The draft saved elsewhere that refused the last save (the owner chooses between it and this page's). */
  conflict: SavedDraft | undefined;
}

/** Autosave waits this long after the last edit. */
const SAVE_DELAY_MS = 2_000;
/** A failed save is tried again after this long (offline, TanStack Query waits for the connection instead). */
const RETRY_DELAY_MS = 4_000;
/** Edits not yet saved are kept in the browser under this key, with the revision they started from. */
const BACKUP_KEY = 'sahifa-studio-draft';

/** The draft as the server has it, as far as this page knows: the next save starts from its revision. */
type Base = Pick<SavedDraft, 'content' | 'revision' | 'basedOn'>;

/** The draft's saves share one scope, so TanStack Query sends them one after another, never two at once. */
const SAVE = { mutationKey: ['content', 'draft', 'save'], scope: { id: 'content-draft' } };

function readBackup(): Base | undefined {
  try {
    return JSON.parse(localStorage.getItem(BACKUP_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The draft being edited, saved as the owner types: a few seconds after the last edit, at once when
 * a field is left. The saves are TanStack Query mutations in one scope: each waits for the one before
 * it and sends what is on screen when its turn comes, from the revision the one before it saved; a
 * failed one is retried, and offline it waits for the connection (`onlineManager`). Unsaved edits
 * live in localStorage too, so a closed tab or a lost connection loses nothing: the next visit saves
 * them, or shows the conflict if the draft moved on.
 */
export class DraftStore {
  private snapshot: DraftSnapshot;
  private readonly listeners = new Set<() => void>();
  private base: Base;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly saves: MutationObserver<Awaited<ReturnType<DraftStore['send']>>, Error, void>;

  constructor(
    private readonly queryClient: QueryClient,
    { draft }: ContentDraftAnswer,
  ) {
    this.base = draft;
    this.snapshot = { content: draft.content, status: 'saved', conflict: undefined };
    this.saves = new MutationObserver(queryClient, {
      ...SAVE,
      mutationFn: () => this.send(),
      // A later edit is never overwritten: the answer moves the base on, never what is on screen.
      onSuccess: (sent) => {
        if (!sent) return;
        if (sent.result.saved) this.setBase({ ...sent.result.answer.draft, content: sent.content });
        else this.set({ conflict: sent.result.current });
      },
      // Signed out, the owner area asks for the password (owner-query-client.ts); the edits wait in the browser.
      retry: (_, error) => !(error instanceof ApiError && error.code === 'unauthorized'),
      retryDelay: RETRY_DELAY_MS,
    });
    const backup = readBackup();
    if (backup && JSON.stringify(backup.content) !== JSON.stringify(draft.content)) {
      // Edits from an earlier visit that never reached the server: this page's version; the save
      // below either lands (same revision) or shows both (the draft moved on meanwhile).
      this.base = { ...backup, content: draft.content };
      this.set({ content: backup.content });
      this.schedule(0);
    }
    this.backUp();
  }

  readonly subscribe = (listener: () => void) => {
    // While anyone looks, the status follows the saves (waiting, retrying, paused offline).
    const stopWatching = this.queryClient.getMutationCache().subscribe(() => this.refresh());
    this.refresh();
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      stopWatching();
    };
  };

  readonly getSnapshot = () => this.snapshot;

  private set(changes: Partial<DraftSnapshot>) {
    const next = { ...this.snapshot, ...changes };
    this.snapshot = { ...next, status: this.statusOf(next) };
    for (const listener of this.listeners) listener();
  }

  private refresh() {
    if (this.statusOf(this.snapshot) !== this.snapshot.status) this.set({});
  }

  private statusOf({ content, conflict }: DraftSnapshot): SaveStatus {
    if (conflict) return 'conflict';
    const [running] = this.queryClient.getMutationCache().findAll({ ...SAVE, status: 'pending' });
    if (running && !onlineManager.isOnline()) return 'offline';
    if (running) return running.state.failureCount > 0 ? 'retrying' : 'saving';
    return content === this.base.content ? 'saved' : 'unsaved';
  }

  /** The server has this draft now: the next save starts from it; the browser's copy is needed only for newer edits. */
  private setBase(base: Base) {
    this.base = base;
    this.queryClient.setQueryData(getContentDraftQueryOptions().queryKey, (answer) =>
      answer ? { ...answer, draft: { ...answer.draft, ...base } } : answer,
    );
    this.set({});
    this.backUp();
  }

  private backUp() {
    const { content } = this.snapshot;
    try {
      if (content === this.base.content) localStorage.removeItem(BACKUP_KEY);
      else localStorage.setItem(BACKUP_KEY, JSON.stringify({ ...this.base, content }));
    } catch {
      // A full or disabled storage only loses the offline copy; the save itself goes on.
    }
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    // Saving goes on after the studio is left for another owner page: the edits still reach the server.
    this.timer = setTimeout(() => this.save(), delay);
  }

  /** Queues a save; one waiting behind the one on its way is enough, as it takes what is on screen then. */
  private save() {
    clearTimeout(this.timer);
    if (this.queryClient.isMutating(SAVE) < 2) this.saves.mutate().catch(() => undefined);
  }

  /** Runs when the save's turn comes (and again on each retry): sends what is on screen then, if anything. */
  private async send() {
    const { content, conflict } = this.snapshot;
    if (conflict || content === this.base.content) return undefined;
    const { revision, basedOn } = this.base;
    const result = await saveContentDraft({ content: content as Record<string, unknown>, revision, basedOn });
    return { content, result };
  }

  /** The owner changed the content: kept in the browser at once, saved after a pause. */
  edit(content: unknown) {
    this.set({ content });
    this.backUp();
    this.schedule(SAVE_DELAY_MS);
  }

  /** A field was left: save now rather than after the pause. */
  leaveField() {
    if (this.snapshot.status === 'unsaved') this.save();
  }

  /**
   * Saves what is on screen and resolves once the server has it, or with false as soon as it could
   * not (a conflict, a failure: the retries go on without holding up the caller).
   */
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

  /** The conflict's choice "keep mine": this page's content is saved over the draft saved elsewhere. */
  keepMine() {
    const theirs = this.snapshot.conflict;
    if (!theirs) return;
    this.set({ conflict: undefined });
    this.setBase(theirs);
    this.save();
  }

  /**
   * The server's draft replaces this page's: the conflict's choice "take theirs", or a restore or a
   * set-aside draft brought back (called once this page's edits are saved). Saves go on from its revision.
   */
  replaceWith(draft: SavedDraft) {
    clearTimeout(this.timer);
    this.snapshot = { ...this.snapshot, content: draft.content, conflict: undefined };
    this.setBase(draft);
  }
}
