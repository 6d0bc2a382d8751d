/** The PostgreSQL client: postgres.js, unnamed statements by default, and the value parsers the API needs. */
import postgres from 'postgres';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;
/** Anything that can run a query: the pool or a transaction. */
export type Db = postgres.Sql | postgres.TransactionSql;
export type Row = Record<string, unknown>;

/** `2026-11-23 10:00:00.123456+00` → `2026-11-23T10:00:00.123456Z` (microseconds kept, UTC). */
export function isoTimestamp(text: string): string {
  // Python's isoformat (what NetBox prints) gives microseconds as six digits when there are any;
  // the session's time zone is UTC, so the common case needs no regular expression
  if (text.length >= 22 && text.endsWith('+00') && text.charCodeAt(10) === 32) {
    const body = `${text.slice(0, 10)}T${text.slice(11, -3)}`;
    const dot = body.indexOf('.', 19);
    return dot === -1 ? `${body}Z` : `${body}${'000000'.slice(0, Math.max(0, 6 - (body.length - dot - 1)))}Z`;
  }
  const t = text.replace(' ', 'T').replace(/\.(\d{1,5})(?=[+-]|$)/, (_m, f: string) => `.${f.padEnd(6, '0')}`);
  return t.endsWith('+00') ? `${t.slice(0, -3)}Z` : t;
}

/**
 * A pool. `statementTimeoutMs` bounds every statement on its connections (the HTTP pool gets
 * REQUEST_TIMEOUT_MS; jobs such as branch provisioning use a pool without it).
 */
export function connect(
  url: string,
  options: { max?: number; applicationName?: string; statementTimeoutMs?: number } = {},
): Sql {
  return postgres(url, {
    // statements are unnamed unless a query asks for a name ({prepare: true}, the hot reads whose text
    // is one of a few): postgres.js ignores a query's own option when the pool's is false, and then
    // every detail GET was planned anew (3-13 ms for a device's embedded relations, the page's whole
    // cost). A named statement is safe under a branch's SET LOCAL search_path: PostgreSQL re-plans
    // it when the search_path differs from the one it was planned with.
    prepare: true,
    max: options.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    connection: {
      TimeZone: 'UTC',
      application_name: options.applicationName ?? 'netbox-compatible',
      DateStyle: 'ISO',
      // no JIT: a page's query carries hundreds of small subplans (embedded relations), so its
      // estimated cost passes jit_above_cost as tables grow, and compiling it then takes far longer
      // than running it — on Debian's PostgreSQL 15 (built with LLVM) a batch of 1,000 interfaces
      // read back went from 0.25 s to 3.4 s at 20,000 rows (issue 17). Short queries gain nothing.
      jit: 'off',
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    },
    types: {
      bigint: { to: 20, from: [20], serialize: (x: unknown) => String(x), parse: (x: string) => Number(x) },
      timestamptz: {
        to: 1184,
        from: [1184],
        serialize: (x: unknown) => (x instanceof Date ? x.toISOString() : String(x)),
        parse: isoTimestamp,
      },
      date: { to: 1082, from: [1082], serialize: (x: unknown) => String(x), parse: (x: string) => x },
    },
  });
}

/** Double-quotes an identifier taken from the catalogue (never from a request). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A string as an SQL literal (catalogue names, labels, the base URL; request values go in as parameters). */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
