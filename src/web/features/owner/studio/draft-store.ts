import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-client.js';
import type { SaveStatus } from './save-status.js';

/** A draft as the server keeps it: its content and the revision the next save starts from. */
export interface ServerDraft {
  content: unknown;
  revision: number;
  basedOn: number | null;
}

export interface DraftSnapshot<Content, Saved extends ServerDraft> {
  content: Content;
  status: SaveStatus;
  /** The draft saved elsewhere that refused the last save (the owner chooses between it and this page's). */
  conflict: Saved | undefined;
}

/** A save's answer: the draft the server has now, or the one saved elsewhere that refused it. */
export type SaveAnswer<Saved extends ServerDraft> =
  | { saved: true; draft: Pick<Saved, 'content' | 'revision' | 'basedOn'> }
  | { saved: false; current: Saved };

/** What differs between the sections' draft and an entry's: where it is saved and kept. */
export interface DraftStoreOptions<Content, Saved extends ServerDraft> {
  /** The saves' key and scope: one draft's saves go one after another, never two at once. */
  saves: { mutationKey: readonly unknown[]; scope: { id: string } };
  /** Edits not yet saved are kept in the browser under this key, with the revision they started from. */
  backupKey: string;
  send: (save: { content: Content; revision: number; basedOn: number | null }) => Promise<SaveAnswer<Saved>>;
  /** The content as the editor holds it (an entry's is always an object). */
  contentOf: (value: unknown) => Content;
  /** The server has this draft now (the sections' studio keeps its cached answer in step). */
  onSaved?: (base: Pick<Saved, 'content' | 'revision' | 'basedOn'>) => void;
  /** A failure that no retry mends, beside signing out (an entry deleted meanwhile answers 404). */
  isFinal?: (error: ApiError) => boolean;
}

/** Autosave waits this long after the last edit (decision 024). */
const SAVE_DELAY_MS = 2_000;
/** A failed save is tried again after this long (offline, TanStack Query waits for the connection instead). */
const RETRY_DELAY_MS = 4_000;

/**
 * A draft being edited, saved as the owner types: a few seconds after the last edit, at once when
 * a field is left. The saves are TanStack Query mutations in one scope: each waits for the one before
 * it and sends what is on screen when its turn comes, from the revision the one before it saved; a
 * failed one is retried, and offline it waits for the connection (`onlineManager`). Unsaved edits
 * live in localStorage too, so a closed tab or a lost connection loses nothing: the next visit saves
 * them, or shows the conflict if the draft moved on. The sections' draft and each entry's are one
 * of these (decision 025), told apart by their options.
 */
export class DraftStore<Content, Saved extends ServerDraft> {
  private snapshot: DraftSnapshot<Content, Saved>;
  private readonly listeners = new Set<() => void>();
  /** The draft as the server has it, as far as this page knows: the next save starts from its revision. */
  private base: Pick<Saved, 'content' | 'revision' | 'basedOn'>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly saves: MutationObserver<Awaited<ReturnType<DraftStore<Content, Saved>['send']>>, Error, void>;
  private readonly scope: { mutationKey: readonly unknown[]; scope: { id: string } };

  constructor(
    private readonly queryClient: QueryClient,
    draft: Saved,
    private readonly options: DraftStoreOptions<Content, Saved>,
  ) {
    this.scope = options.saves;
    this.base = draft;
    this.snapshot = { content: options.contentOf(draft.content), status: 'saved', conflict: undefined };
    this.saves = new MutationObserver(queryClient, {
      ...this.scope,
      mutationFn: () => this.send(),
      // A later edit is never overwritten: the answer moves the base on, never what is on screen.
      onSuccess: (sent) => {
        if (!sent) return;
        if (sent.result.saved) this.setBase({ ...sent.result.draft, content: sent.content });
        else this.set({ conflict: sent.result.current });
      },
      // Signed out, the owner area asks for the password (owner-query-client.ts); the edits wait in the browser.
      retry: (_, error) =>
        !(error instanceof ApiError && (error.code === 'unauthorized' || options.isFinal?.(error) === true)),
      retryDelay: RETRY_DELAY_MS,
    });
    const backup = this.readBackup();
    if (backup && JSON.stringify(backup.content) !== JSON.stringify(draft.content)) {
      // Edits from an earlier visit that never reached the server: this page's version; the save
      // below either lands (same revision) or shows both (the draft moved on meanwhile).
      this.base = { ...backup, content: draft.content };
      this.set({ content: options.contentOf(backup.content) });
      this.schedule(0);
    }
    this.backUp();
  }

  private readBackup(): Pick<Saved, 'content' | 'revision' | 'basedOn'> | undefined {
    try {
      return JSON.parse(localStorage.getItem(this.options.backupKey) ?? 'null') ?? undefined;
    } catch {
      return undefined;
    }
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

  private set(changes: Partial<DraftSnapshot<Content, Saved>>) {
    const next = { ...this.snapshot, ...changes };
    this.snapshot = { ...next, status: this.statusOf(next) };
    for (const listener of this.listeners) listener();
  }

  private refresh() {
    if (this.statusOf(this.snapshot) !== this.snapshot.status) this.set({});
  }

  private statusOf({ content, conflict }: DraftSnapshot<Content, Saved>): SaveStatus {
    if (conflict) return 'conflict';
    const [running] = this.queryClient.getMutationCache().findAll({ ...this.scope, status: 'pending' });
    if (running && !onlineManager.isOnline()) return 'offline';
    if (running) return running.state.failureCount > 0 ? 'retrying' : 'saving';
    return content === this.base.content ? 'saved' : 'unsaved';
  }

  /** The server has this draft now: the next save starts from it; the browser's copy is needed only for newer edits. */
  private setBase(base: Pick<Saved, 'content' | 'revision' | 'basedOn'>) {
    this.base = base;
    this.options.onSaved?.(base);
    this.set({});
    this.backUp();
  }

  private backUp() {
    const { content } = this.snapshot;
    try {
      if (content === this.base.content) localStorage.removeItem(this.options.backupKey);
      else localStorage.setItem(this.options.backupKey, JSON.stringify({ ...this.base, content }));
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
    if (this.queryClient.isMutating(this.scope) < 2) this.saves.mutate().catch(() => undefined);
  }

  /** Runs when the save's turn comes (and again on each retry): sends what is on screen then, if anything. */
  private async send() {
    const { content, conflict } = this.snapshot;
    if (conflict || content === this.base.content) return undefined;
    const { revision, basedOn } = this.base;
    const result = await this.options.send({ content, revision, basedOn });
    return { content, result };
  }

  /** The owner changed the content: kept in the browser at once, saved after a pause. */
  edit(content: Content) {
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
  replaceWith(draft: Saved) {
    clearTimeout(this.timer);
    this.snapshot = { ...this.snapshot, content: this.options.contentOf(draft.content), conflict: undefined };
    this.setBase(draft);
  }

  /** The editor is closed: an edit waiting for its timer is saved now (saves already queued still go). */
  dispose() {
    if (this.snapshot.status === 'unsaved') this.save();
  }
}
