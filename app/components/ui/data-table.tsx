/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- the table's roles are written on purpose: some browsers drop them when a table's display changes, as it does on phones (docs/architecture.md, "Tablas en teléfonos"); a <td> is not interactive. */
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
 * their column's name (docs/architecture.md, "Tablas en teléfonos"); the explicit roles keep the
 * table's semantics, which browsers drop when its display changes.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, cells, className = 'tabla-gobierno tabla-apilada', rowClassName }: Props<T>) {
  return (
    <table className={`table ${className}`} role="table">
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th scope="col" role="columnheader" key={column}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr role="row" key={rowKey(row)} className={rowClassName?.(row)}>
            {cells(row).map((cell, i) => (
              <td role="cell" data-columna={columns[i]} key={columns[i]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
