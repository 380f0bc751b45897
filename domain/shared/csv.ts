/** A spreadsheet reads a cell starting with these as a formula (CSV injection). */
export const FORMULA = /^[=+\-@\t\r]/;

/**
 * Protects a text cell from being read as a formula by a spreadsheet: a leading ' (every CSV the
 * site publishes, docs/decisions/025-datos-abiertos.md). Numbers pass as they are.
 */
export const celdaSegura = <T>(v: T): T | string => (typeof v === 'string' && FORMULA.test(v) ? `'${v}` : v);
