import styles from './tag-list.module.css';

/** Short labels in a row, such as tools used in a project or areas of knowledge. */
export function TagList({ tags, variant = 'outline' }: { tags: string[]; variant?: 'outline' | 'filled' }) {
  return (
    <ul className={styles.tags} data-variant={variant}>
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}
