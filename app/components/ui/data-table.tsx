import type { ReactNode } from 'react';

type Props<T> = {
  caption: string;
  columns: string[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** One cell per column, in order. */
  cells: (row: T) => ReactNode[];
};

/** A captioned table that scrolls sideways on narrow screens, for the pages' lists. */
export function DataTable<T>({ caption, columns, rows, rowKey, cells }: Props<T>) {
  return (
    <div className="tabla-desplazable">
      <table className="table tabla-gobierno">
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
            <tr key={rowKey(row)}>
              {cells(row).map((cell, i) => (
                <td key={columns[i]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
