/** Everything one import run shares: the two sides, what is copied and how, the report and progress. */
import type { Registry } from '../catalogue/index.ts';
import type { Sql } from '../db/index.ts';
import type { TableColumns } from './columns.ts';
import type { SourceInfo } from './discover.ts';
import type { ImportOptions } from './options.ts';
import type { Progress } from './progress.ts';
import type { ReportData } from './report.ts';
import type { Source } from './source.ts';
import type { SavedRun } from './state.ts';

export interface Session {
  readonly options: ImportOptions;
  readonly registry: Registry;
  readonly sql: Sql;
  readonly source: Source;
  readonly info: SourceInfo;
  readonly report: ReportData;
  /** model keys copied in this import */
  readonly copied: ReadonlySet<string>;
  readonly saved?: SavedRun;
  readonly columns: ReadonlyMap<string, TableColumns>;
  /** tables the migrations fill (their rows are compared, not refused) */
  readonly seeded: ReadonlySet<string>;
  readonly merge: boolean;
  /** custom field name → type, from the source's definitions */
  readonly customFields: ReadonlyMap<string, string>;
  readonly tagsFromObjects: boolean;
  readonly pageSize: number;
  /** model key → objects still to copy when this run began */
  readonly remaining: ReadonlyMap<string, number>;
  readonly progress: Progress;
  /** when the copying time was last added to the report (at each page's commit, so a resumed run counts both) */
  readonly clock: { last: number };
}
