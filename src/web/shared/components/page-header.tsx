import styles from './page-header.module.css';

/**
 * A page's big title and optional lead. The title takes focus after navigation (the layout moves
 * focus to `main h1` so screen readers announce the new page).
 */
export function PageHeader({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className={styles.header}>
      <h1 tabIndex={-1}>{title}</h1>
      {lead && <p>{lead}</p>}
    </header>
  );
}
