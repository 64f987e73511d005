import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MessageState } from '../../../../shared/schemas/owner.js';
import { useExportMessages } from '../api/export-messages.js';
import { downloadFile } from '../api/fetch-file.js';
import { useMessages } from '../api/get-messages.js';
import { useSecurity } from '../api/get-security.js';
import { useUpdateMessagesState } from '../api/update-messages-state.js';
import { ErrorMessage } from '../components/error-message.js';
import { shownError, useReauthenticationPrompt } from '../settings/reauthentication.js';
import { ReauthenticationForm } from '../settings/reauthentication-form.js';
import { SetupChecklist } from '../setup-checklist/setup-checklist.js';
import { BulkBar } from './bulk-bar.js';
import styles from './inbox.module.css';
import { type Folder, folderFrom, InboxFolders } from './inbox-folders.js';
import { InboxPager } from './inbox-pager.js';
import { InboxSearch } from './inbox-search.js';
import { MessageRow } from './message-row.js';

const PAGE_SIZE = 20;
const NOTHING_SELECTED: ReadonlySet<string> = new Set();

/** The inbox: folders, search, newest first, bulk moves and a CSV export (docs/decisions/006). */
export function Inbox() {
  const { t } = useTranslation('owner');
  const [params, setParams] = useSearchParams();
  const folder = folderFrom(params.get('folder'));
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const state = folder === 'inbox' ? undefined : folder;

  const list = useMessages({ state, q: q || undefined, page, pageSize: PAGE_SIZE });
  const move = useUpdateMessagesState();
  const exporter = useExportMessages();
  const reauthentication = useReauthenticationPrompt();
  const security = useSecurity();
  // The selection belongs to one folder, search and page: another one starts with nothing selected.
  const listKey = `${folder}|${q}|${page}`;
  const [selection, setSelection] = useState({ listKey, ids: NOTHING_SELECTED });
  const selected = selection.listKey === listKey ? selection.ids : NOTHING_SELECTED;
  const select = (ids: ReadonlySet<string>) => setSelection({ listKey, ids });

  function go(next: { folder?: Folder; q?: string; page?: number }) {
    const values = { folder, q, page: 1, ...next };
    const search = new URLSearchParams();
    if (values.folder !== 'inbox') search.set('folder', values.folder);
    if (values.q) search.set('q', values.q);
    if (values.page > 1) search.set('page', String(values.page));
    setParams(search);
  }

  function toggle(id: string) {
    const copy = new Set(selected);
    if (copy.has(id)) copy.delete(id);
    else copy.add(id);
    select(copy);
  }

  function exportCsv() {
    const run = () =>
      exporter.mutate(
        { state, q: q || undefined },
        {
          onSuccess: ({ file, fileName }) => downloadFile(file, fileName),
          // Every message at once asks for a recent proof of who is asking; the export runs again after it.
          onError: (error) => reauthentication.onError(error, run),
        },
      );
    run();
  }

  function moveSelected(to: MessageState) {
    move.mutate({ ids: [...selected], state: to }, { onSuccess: () => select(NOTHING_SELECTED) });
  }

  const messages = list.data?.messages ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const counts = list.data?.counts;

  return (
    <div className={styles.inbox}>
      <div className={styles.head}>
        <h1>
          {t('nav.inbox')}
          {counts && counts.new > 0 && <span className={styles.badge}>{t('inbox.unread', { count: counts.new })}</span>}
        </h1>
        <button type="button" className={styles.export} onClick={exportCsv} disabled={exporter.isPending}>
          <Download aria-hidden="true" size={18} />
          {t('inbox.export')}
        </button>
        <SetupChecklist className={styles.checklist} />
      </div>

      <InboxFolders
        className={styles.folders}
        current={folder}
        counts={counts}
        onOpen={(name) => go({ folder: name, q: '' })}
      />
      <InboxSearch className={styles.search} query={q} onSearch={(text) => go({ q: text })} />

      <div className={styles.body}>
        {reauthentication.pending && (
          <ReauthenticationForm
            secondFactor={security.data?.secondFactor.enabled ?? false}
            onConfirmed={reauthentication.confirmed}
            onCancel={reauthentication.cancel}
          />
        )}
        <ErrorMessage error={list.error ?? move.error ?? shownError(exporter.error)} />
        <BulkBar messages={messages} selected={selected} onSelect={select} onMove={moveSelected} />
        {folder === 'trash' && <p className={styles.muted}>{t('inbox.trash_note')}</p>}
        {list.data && messages.length === 0 && <p className={styles.empty}>{t('inbox.empty')}</p>}
        <ul className={styles.messageList} aria-label={t('inbox.list_label')} aria-busy={!list.data}>
          {messages.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              selected={selected.has(message.id)}
              onToggle={() => toggle(message.id)}
            />
          ))}
        </ul>
        <InboxPager page={page} pages={pages} onGo={(next) => go({ page: next, q })} />
      </div>
    </div>
  );
}
