/** What `import-netbox` is given, and the refusals it answers with (printed as one message each). */
import type { Catalogue, FilterSpecs } from '../catalogue/index.ts';
import type { Settings } from '../config/index.ts';
import type { ModelRoute } from '../catalogue/index.ts';
import type { Output } from './progress.ts';

export interface ImportOptions {
  /** the NetBox to copy (its address as in a browser) and a token of a user who may read everything */
  readonly url: string;
  readonly token: string;
  /** the database to copy into (migrated first) */
  readonly databaseUrl: string;
  readonly catalogue: Catalogue;
  readonly filters: FilterSpecs;
  readonly routes: readonly ModelRoute[];
  readonly settings: Settings;
  /** this service's release (the verification reads through its API in-process) */
  readonly version: string;
  readonly migrationsFolder: string;
  /** copy into a database that holds objects already: same id and content is kept, different is a conflict */
  readonly merge?: boolean;
  /** continue an import that stopped, from its last finished page */
  readonly resume?: boolean;
  readonly withChangelog?: boolean;
  /** give every copied user a generated password, printed once at the end */
  readonly generatePasswords?: boolean;
  /** users made superusers here whatever the source lets be read of it (its API does not show the flag) */
  readonly superusers?: readonly string[];
  /** compare both sides at the end (default true) */
  readonly verify?: boolean;
  /** requests in flight at the source (default 4) */
  readonly concurrency?: number;
  /** objects per page (default 1000; a source with a lower MAX_PAGE_SIZE answers shorter pages) */
  readonly pageSize?: number;
  /** tries per request (default 8) and the first retry's pause (default 500 ms, doubled each time) */
  readonly attempts?: number;
  readonly backoffMs?: number;
  /** one try's deadline, from connecting to the last byte (default 120 s) */
  readonly requestTimeoutMs?: number;
  /** how long one request is tried, all tries and pauses together, before the import stops (default 300 s) */
  readonly retryTimeMs?: number;
  readonly output?: Output;
  /** stops the import between pages (Ctrl-C); a later --resume continues */
  readonly signal?: AbortSignal;
}

/** The import will not run as asked: the message says why and what to do. */
export class ImportRefused extends Error {}
