/** A table's head row: one column header for each name, in order (the dashboard's tables). */
export function ColumnHeads({ names, className }: { names: readonly string[]; className?: string }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className={className}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
