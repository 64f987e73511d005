import { AlertTriangle, Download, Search } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { API_PREFIX } from '../../../shared/http.js';
import { OWNER_PATHS } from '../../../shared/paths.js';
import type { MessageState } from '../../../shared/schemas/owner.js';
import styles from './owner.module.css';
import { listMessages, type MessageList, messageQuery, setMessagesState } from './owner-api.js';
import { useOwnerError } from './owner-session.js';
import { useDateFormat } from './use-date-format.js';

/** The folders on the left: the inbox (new, read and replied) and one per other state. */
const FOLDERS = ['inbox', 'new', 'replied', 'archived', 'spam', 'trash'] as const;
type Folder = (typeof FOLDERS)[number];

function isFolder(value: string | null): value is Folder {
  return (FOLDERS as readonly (string | null)[]).includes(value);
}

/** What the bulk bar offers in each folder: the moves that make sense from there. */
const BULK_ACTIONS: Record<Folder, { state: MessageState; label: string }[]> = {
  inbox: [
    { state: 'read', label: 'actions.mark_read' },
    { state: 'archived', label: 'actions.archive' },
    { state: 'spam', label: 'actions.spam' },
    { state: 'trash', label: 'actions.trash' },
  ],
  new: [
    { state: 'read', label: 'actions.mark_read' },
    { state: 'archived', label: 'actions.archive' },
    { state: 'spam', label: 'actions.spam' },
    { state: 'trash', label: 'actions.trash' },
  ],
  replied: [
    { state: 'archived', label: 'actions.archive' },
    { state: 'trash', label: 'actions.trash' },
  ],
  archived: [
    { state: 'read', label: 'actions.move_to_inbox' },
    { state: 'trash', label: 'actions.trash' },
  ],
  spam: [
    { state: 'read', label: 'actions.not_spam' },
    { state: 'trash', label: 'actions.trash' },
  ],
  trash: [{ state: 'read', label: 'actions.restore' }],
};

const PAGE_SIZE = 20;

/** The inbox: folders, search, newest first, bulk actions and a CSV export (docs/decisions/006). */
export function Inbox() {
  const { t } = useTranslation('owner');
  const errorText = useOwnerError();
  const formatDate = useDateFormat();
  const [params, setParams] = useSearchParams();
  const folderParam = params.get('folder');
  const folder: Folder = isFolder(folderParam) ? folderParam : 'inbox';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const state = folder === 'inbox' ? undefined : folder;

  const [list, setList] = useState<MessageList | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState(q);
  const searchId = useId();

  const load = useCallback(async () => {
    try {
      setList(await listMessages({ state, q: q || undefined, page, pageSize: PAGE_SIZE }));
      setError(undefined);
    } catch (failure) {
      setError(errorText(failure));
    }
  }, [state, q, page, errorText]);

  useEffect(() => {
    setSelected(new Set());
    void load();
  }, [load]);

  function go(next: { folder?: Folder; q?: string; page?: number }) {
    const values = { folder, q, page: 1, ...next };
    const search = new URLSearchParams();
    if (values.folder !== 'inbox') search.set('folder', values.folder);
    if (values.q) search.set('q', values.q);
    if (values.page > 1) search.set('page', String(values.page));
    setParams(search);
  }

  function onSearch(event: FormEvent) {
    event.preventDefault();
    go({ q: search.trim() });
  }

  async function bulk(next: MessageState) {
    try {
      await setMessagesState([...selected], next);
      await load();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  function toggle(id: string) {
    setSelected((current) => {
      const copy = new Set(current);
      if (copy.has(id)) copy.delete(id);
      else copy.add(id);
      return copy;
    });
  }

  const messages = list?.messages ?? [];
  const pages = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 1;
  const allSelected = messages.length > 0 && messages.every((message) => selected.has(message.id));
  const counts = list?.counts;
  const folderCount = (name: Folder) =>
    !counts ? undefined : name === 'inbox' ? counts.new + counts.read + counts.replied : counts[name];

  return (
    <div className={styles.inbox}>
      <div className={styles.inboxHead}>
        <h1>
          {t('nav.inbox')}
          {counts && counts.new > 0 && <span className={styles.badge}>{t('inbox.unread', { count: counts.new })}</span>}
        </h1>
        <a
          className={styles.secondary}
          href={`${API_PREFIX}/owner/messages/export${messageQuery({ state, q: q || undefined })}`}
          download
        >
          <Download aria-hidden="true" size={18} />
          {t('inbox.export')}
        </a>
      </div>

      <nav aria-label={t('inbox.folders_label')} className={styles.folders}>
        {FOLDERS.map((name) => (
          <button
            key={name}
            type="button"
            className={styles.folder}
            aria-current={folder === name ? 'page' : undefined}
            onClick={() => go({ folder: name, q: '' })}
          >
            <span>{t(`folders.${name}`)}</span>
            {folderCount(name) !== undefined && <span className={styles.count}>{folderCount(name)}</span>}
          </button>
        ))}
      </nav>

      <form className={styles.search} onSubmit={onSearch}>
        <label htmlFor={searchId} className={styles.visuallyHidden}>
          {t('inbox.search')}
        </label>
        <input
          id={searchId}
          className={styles.input}
          type="search"
          value={search}
          placeholder={t('inbox.search_placeholder')}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className={styles.iconButton} aria-label={t('inbox.search')}>
          <Search aria-hidden="true" size={18} />
        </button>
      </form>

      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}

      <div className={styles.bulkBar} role="toolbar" aria-label={t('inbox.bulk_label')}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={allSelected}
            disabled={messages.length === 0}
            onChange={() => setSelected(allSelected ? new Set() : new Set(messages.map((message) => message.id)))}
          />
          <span>{selected.size > 0 ? t('inbox.selected', { count: selected.size }) : t('inbox.select_all')}</span>
        </label>
        {selected.size > 0 &&
          BULK_ACTIONS[folder].map((action) => (
            <button
              key={action.label}
              type="button"
              className={styles.secondary}
              onClick={() => void bulk(action.state)}
            >
              {t(action.label as 'actions.archive')}
            </button>
          ))}
      </div>

      {folder === 'trash' && <p className={styles.muted}>{t('inbox.trash_note')}</p>}

      {list && messages.length === 0 && <p className={styles.empty}>{t('inbox.empty')}</p>}
      <ul className={styles.messageList} aria-busy={!list}>
        {messages.map((message) => {
          const failed = message.deliveries.some((delivery) => delivery.status === 'failed');
          return (
            <li key={message.id} className={styles.messageRow} data-state={message.state}>
              <input
                type="checkbox"
                className={styles.rowCheck}
                checked={selected.has(message.id)}
                onChange={() => toggle(message.id)}
                aria-label={t('inbox.select', { name: message.name })}
              />
              <Link to={`${OWNER_PATHS.message}/${message.id}`} className={styles.messageLink}>
                <span className={styles.messageFrom}>
                  {message.state === 'new' && <span className={styles.unreadDot} aria-hidden="true" />}
                  <strong>{message.name}</strong>
                  <span className={styles.muted}>{message.email}</span>
                </span>
                <span className={styles.excerpt}>{message.message}</span>
                <span className={styles.messageMeta}>
                  <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
                  <span className={styles.stateTag} data-state={message.state}>
                    {t(`states.${message.state}`)}
                  </span>
                  {failed && (
                    <span className={styles.warning}>
                      <AlertTriangle aria-hidden="true" size={16} />
                      {t('delivery.failed')}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>

      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('inbox.page', { page, pages })}>
          <button
            type="button"
            className={styles.secondary}
            disabled={page <= 1}
            onClick={() => go({ page: page - 1, q })}
          >
            {t('inbox.previous')}
          </button>
          <span>{t('inbox.page', { page, pages })}</span>
          <button
            type="button"
            className={styles.secondary}
            disabled={page >= pages}
            onClick={() => go({ page: page + 1, q })}
          >
            {t('inbox.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
