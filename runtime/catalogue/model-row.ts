/** What conditions and values are built at in a SQL statement: filters, permission constraints, reads. */
import type { ModelDef } from './ir.ts';

/** A row of `model` in the statement, under the SQL alias `alias`. */
export interface ModelRow {
  readonly model: ModelDef;
  readonly alias: string;
}
