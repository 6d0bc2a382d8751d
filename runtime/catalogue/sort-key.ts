/** How a field's values are ordered, as SQL: shared by the reads (ORDER BY) and the generated indexes. */
import type { FieldCommon } from './ir-field-common.ts';

/** What a field's column (SQL `column`) is ordered by: NetBox's natural order of names, or the value. */
export function sortKey(f: Pick<FieldCommon, 'naturalSort'>, column: string): string {
  return f.naturalSort ? `${column} COLLATE natural_sort` : column;
}
