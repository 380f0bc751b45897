import type { ReactNode } from 'react';

type Props<T> = {
  caption: string;
  columns: string[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** One cell per column, in order. */
  cells: (row: T) => ReactNode[];
  /** The table's own classes: where it stacks into cards (by default below sm, `tabla-apilada`). */
  className?: string;
  /** A class for a row (one that needs attention, say). */
  rowClassName?: (row: T) => string | undefined;
};

/**
 * A captioned table for the pages' lists. On phones each row stacks into a card whose cells show
 * their column's name (docs/architecture.md, "Tablas en teléfonos"); the elements keep their own
 * table semantics, with no role written on them (HTML allows none on a table's cells).
 */
export function DataTable<T>({ caption, columns, rows, rowKey, cells, className = 'tabla-gobierno tabla-apilada', rowClassName }: Props<T>) {
  return (
    <table className={`table ${className}`}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {cells(row).map((cell, i) => (
              <td data-columna={columns[i]} key={columns[i]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
