import { ApiError } from '../../../shared/api/api-client.js';
import type { ContentDraftAnswer } from '../api/get-content-draft.js';
import { type SavedDraft, saveContentDraft } from '../api/save-content-draft.js';

/** What the studio shows about saving: the spec's words are "Saved", "Saving…" and "Not saved — retrying". */
export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'retrying' | 'offline' | 'conflict';

export interface DraftSnapshot {
  content: unknown;
  status: SaveStatus;
  /** The draft saved elsewhere that refused the last save (the owner chooses between it and this page's). */
  conflict: SavedDraft | undefined;
  /** Raised after each save the server accepted (the preview reloads on it). */
  savedRevision: number;
  basedOn: number | null;
}

/** Autosave waits this long after the last edit. */
const SAVE_DELAY_MS = 2_000;
/** A failed save is tried again after this long, or as soon as the browser is back online. */
const RETRY_DELAY_MS = 4_000;
/** Edits not yet saved are kept in the browser under this key, with the revision they started from. */
const BACKUP_KEY = 'sahifa-studio-draft';

interface Backup {
  content: unknown;
  revision: number;
  basedOn: number | null;
}

const sameContent = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function readBackup(): Backup | undefined {
  try {
    const text = localStorage.getItem(BACKUP_KEY);
    return text ? (JSON.parse(text) as Backup) : undefined;
  } catch {
    return undefined;
  }
}

function writeBackup(backup: Backup | undefined): void {
  try {
    if (backup) localStorage.setItem(BACKUP_KEY, JSON.stringify(backup));
    else localStorage.removeItem(BACKUP_KEY);
  } catch {
    // A full or disabled storage only loses the offline copy; the save itself goes on.
  }
}

/**
 * The draft being edited, saved as the owner types: a few seconds after the last edit, at once when
 * a field is left, again after a failure (and when the connection is back), each save naming the
 * revision it started from. Unsaved edits live in localStorage too, so a closed tab or a lost
 * connection loses nothing: the next visit saves them, or shows the conflict if the draft moved on.
 */
export class DraftStore {
  private snapshot: DraftSnapshot;
  private readonly listeners = new Set<() => void>();
  private savedContent: unknown;
  private revision: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> | undefined;

  constructor(
    initial: ContentDraftAnswer,
    private readonly onSignedOut: () => void,
  ) {
    const { draft } = initial;
    this.savedContent = draft.content;
    this.revision = draft.revision;
    this.snapshot = {
      content: draft.content,
      status: 'saved',
      conflict: undefined,
      savedRevision: draft.revision,
      basedOn: draft.basedOn,
    };
    const backup = readBackup();
    if (backup && !sameContent(backup.content, draft.content)) {
      // Edits from an earlier visit that never reached the server: this page's version; the save
      // below either lands (same revision) or shows both (the draft moved on meanwhile).
      this.revision = backup.revision;
      this.snapshot = { ...this.snapshot, content: backup.content, basedOn: backup.basedOn, status: 'unsaved' };
      this.schedule(0);
    } else if (backup) {
      writeBackup(undefined);
    }
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.snapshot;

  private set(changes: Partial<DraftSnapshot>) {
    this.snapshot = { ...this.snapshot, ...changes };
    for (const listener of this.listeners) listener();
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    // Saving goes on after the studio is left for another owner page: the edits still reach the server.
    this.timer = setTimeout(() => void this.save(), delay);
  }

  /** The owner changed the content: kept in the browser at once, saved after a pause. */
  edit(content: unknown) {
    writeBackup({ content, revision: this.revision, basedOn: this.snapshot.basedOn });
    this.set({ content, status: this.snapshot.status === 'conflict' ? 'conflict' : 'unsaved' });
    if (this.snapshot.status !== 'conflict') this.schedule(SAVE_DELAY_MS);
  }

  /** A field was left: save now rather than after the pause. */
  leaveField() {
    if (this.snapshot.status === 'unsaved') this.schedule(0);
  }

  /** The connection is back: a save that failed goes now. */
  online() {
    if (this.snapshot.status === 'retrying' || this.snapshot.status === 'offline') this.schedule(0);
  }

  /** Whether edits are not yet on the server (leaving the page warns then). */
  hasUnsavedEdits() {
    return this.snapshot.status !== 'saved';
  }

  /** Saves what is on screen and resolves once the server has it (false when it could not: a conflict, a failure). */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    await this.saving;
    if (this.snapshot.status !== 'saved') await this.save();
    return this.snapshot.status === 'saved';
  }

  private save(): Promise<void> {
    if (this.saving) {
      // A save is on its way: one more follows it with whatever is on screen by then.
      return this.saving.then(() => (this.snapshot.status === 'saved' ? undefined : this.save()));
    }
    if (this.snapshot.status === 'conflict') return Promise.resolve();
    const content = this.snapshot.content;
    if (sameContent(content, this.savedContent) && this.snapshot.status !== 'unsaved') {
      this.set({ status: 'saved' });
      return Promise.resolve();
    }
    this.set({ status: 'saving' });
    this.saving = this.send(content).finally(() => {
      this.saving = undefined;
    });
    return this.saving;
  }

  private async send(content: unknown) {
    try {
      const result = await saveContentDraft({
        content: content as Record<string, unknown>,
        basedOn: this.snapshot.basedOn,
        revision: this.revision,
      });
      if (!result.saved) {
        this.set({ status: 'conflict', conflict: result.current });
        return;
      }
      const { draft } = result.answer;
      this.revision = draft.revision;
      this.savedContent = content;
      const current = this.snapshot.content === content;
      if (current) writeBackup(undefined);
      else writeBackup({ content: this.snapshot.content, revision: this.revision, basedOn: draft.basedOn });
      this.set({ status: current ? 'saved' : 'unsaved', savedRevision: draft.revision, basedOn: draft.basedOn });
      if (!current) this.schedule(SAVE_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unauthorized') {
        this.set({ status: 'retrying' });
        this.onSignedOut();
        return;
      }
      this.set({ status: typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'retrying' });
      this.schedule(RETRY_DELAY_MS);
    }
  }

  /** The conflict's choice "keep mine": this page's content is saved over the draft saved elsewhere. */
  keepMine() {
    const theirs = this.snapshot.conflict;
    if (!theirs) return;
    this.revision = theirs.revision;
    this.savedContent = theirs.content;
    writeBackup({ content: this.snapshot.content, revision: this.revision, basedOn: theirs.basedOn });
    this.set({ conflict: undefined, status: 'unsaved', basedOn: theirs.basedOn });
    this.schedule(0);
  }

  /**
   * The server replaced the draft (a restore made it the restored version, or a set-aside draft came
   * back): this page shows it and saves from its revision. Called once this page's edits are saved.
   */
  replaceWith(draft: SavedDraft) {
    clearTimeout(this.timer);
    this.revision = draft.revision;
    this.savedContent = draft.content;
    writeBackup(undefined);
    this.set({
      content: draft.content,
      conflict: undefined,
      status: 'saved',
      basedOn: draft.basedOn,
      savedRevision: draft.revision,
    });
  }

  /** The conflict's choice "take theirs": the draft saved elsewhere replaces this page's. */
  takeTheirs() {
    const theirs = this.snapshot.conflict;
    if (!theirs) return;
    this.revision = theirs.revision;
    this.savedContent = theirs.content;
    writeBackup(undefined);
    this.set({
      content: theirs.content,
      conflict: undefined,
      status: 'saved',
      basedOn: theirs.basedOn,
      savedRevision: theirs.revision,
    });
  }
}
