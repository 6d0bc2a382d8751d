/**
 * Columns the catalogue says were renamed (a field's `renamed_from:`): codegen writes them into the
 * migration, and branches opened before the rename get them too.
 */
import type { ModelDef } from './ir.ts';

export interface ColumnRename {
  readonly table: string;
  readonly from: string;
  readonly to: string;
}

export function columnRenames(models: Iterable<ModelDef>): ColumnRename[] {
  return [...models].flatMap((m) =>
    m.fields.flatMap((f) =>
      f.renamedFrom && f.column ? [{ table: m.table, from: f.renamedFrom.column, to: f.column }] : [],
    ),
  );
}
