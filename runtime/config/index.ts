/**
 * Settings, read once from the environment with NetBox's names and defaults.
 * Nothing else in the runtime reads process.env.
 */
import { resolve } from 'node:path';

export interface Settings {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly embeddedPgPort: number;
  readonly paginateCount: number;
  /** 0 disables the maximum (then `limit=0` returns everything) */
  readonly maxPageSize: number;
  readonly loginRequired: boolean;
  readonly exemptViewPermissions: readonly string[];
  readonly apiTokenPeppers: ReadonlyMap<number, string> | undefined;
  readonly allowTokenRetrieval: boolean;
  readonly changelogRetentionDays: number;
  readonly maintenanceMode: boolean;
  readonly strictFiltering: boolean;
  /** unknown body keys are 400s (default: ignored and named in X-Ignored-Fields, as NetBox ignores them) */
  readonly strictBody: boolean;
  /** GET responses written as JSON by PostgreSQL (false: rendered in the server; the same responses, slower) */
  readonly jsonInDatabase: boolean;
  /** `debug`, `info` (an access log line per request), `warn`, `error` or `silent` */
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  readonly enforceGlobalUnique: boolean;
  /** permissions every user holds (`users.view_token` → constraint sets), as NetBox's DEFAULT_PERMISSIONS */
  readonly defaultPermissions: Readonly<Record<string, readonly unknown[]>>;
  readonly bodyLimitBytes: number;
  readonly bulkLimit: number;
  readonly requestTimeoutMs: number;
  /** how long an idle keep-alive connection stays open: longer than the clients' and proxies' own */
  readonly keepAliveTimeoutMs: number;
  readonly superuser: {
    readonly name?: string;
    readonly password?: string;
    readonly email?: string;
    readonly apiToken?: string;
  };
  readonly workerInProcess: boolean;
  /** jobs one worker process runs at once */
  readonly workerConcurrency: number;
  /** webhook deliveries one worker runs at once, in a pool of their own */
  readonly webhookConcurrency: number;
  readonly webConcurrency: number;
  readonly poolSize: number;
  readonly mediaRoot: string;
  /** largest accepted uploaded file (image), bytes */
  readonly uploadLimitBytes: number;
  readonly webhookTimeoutMs: number;
  readonly webhookMaxAttempts: number;
  /** first retry delay; each further retry waits twice as long */
  readonly webhookBackoffMs: number;
  readonly webhookAllowedHosts: readonly string[] | undefined;
  /** the folder a webhook's `ca_file_path` must lie in (unset: any regular file) */
  readonly webhookCaRoot: string | undefined;
  readonly jobLeaseSeconds: number;
  /** the change stream (runtime/stream/): how often commits are looked for, and what one client may take */
  readonly stream: {
    readonly intervalMs: number;
    readonly heartbeatSeconds: number;
    readonly maxClients: number;
    readonly bufferBytes: number;
    readonly maxSeconds: number;
  };
  /**
   * GraphQL limits (0: no limit): aliases (NetBox's GRAPHQL_MAX_ALIASES), depth and estimated cost, the
   * document's lexical tokens, and the request's size in bytes
   */
  readonly graphql: {
    readonly maxAliases: number;
    readonly maxDepth: number;
    readonly maxCost: number;
    readonly maxTokens: number;
    readonly maxBodyBytes: number;
  };
  /** change control (the Changes plugin): see runtime/changes/ */
  readonly changes: ChangeSettings;
}

export interface ChangeSettings {
  /** a branch merges only once its change request is approved and its required checks succeeded */
  readonly mergeRequiresApproval: boolean;
  /** the plugin's protect_main: writes to main refused for every branchable model (true), or for those named */
  readonly protectMain: boolean | readonly string[];
  /** `assigned`: a user writes only in branches they own or a `write` permission on branches grants them */
  readonly branchWriteScope: 'all' | 'assigned';
}

type Env = Record<string, string | undefined>;

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

function int(name: string, v: string | undefined, dflt: number): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`setting ${name} must be a non-negative integer, got "${v}"`);
  return n;
}

function list(v: string | undefined): string[] {
  if (!v) return [];
  const t = v.trim();
  if (t.startsWith('[')) return (JSON.parse(t) as unknown[]).map(String);
  return t
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `API_TOKEN_PEPPERS`: `<id>:<pepper>[,<id>:<pepper>…]`, each pepper at least 50 characters. */
export function parsePeppers(v: string | undefined): Map<number, string> | undefined {
  if (!v) return undefined;
  const out = new Map<number, string>();
  for (const part of v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const i = part.indexOf(':');
    const id = Number(part.slice(0, i));
    const pepper = part.slice(i + 1);
    if (i < 1 || !Number.isInteger(id) || id < 0 || id > 32767)
      throw new Error(`API_TOKEN_PEPPERS: "${part.slice(0, 10)}…" must be <id>:<pepper> with an id from 0 to 32767`);
    if (pepper.length < 50) throw new Error(`API_TOKEN_PEPPERS: pepper ${id} must be at least 50 characters`);
    out.set(id, pepper);
  }
  return out.size ? out : undefined;
}

/** `PROTECT_MAIN`: true or false, or the object types it covers (`dcim.*`, `ipam.prefix`). */
function protectMain(v: string | undefined): boolean | string[] {
  if (v === undefined || v === '' || ['0', 'false', 'no', 'off'].includes(v.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(v.toLowerCase())) return true;
  const types = list(v);
  for (const t of types)
    if (!/^[a-z][a-z0-9_]*\.([a-z][a-z0-9_]*|\*)$/.test(t))
      throw new Error(`PROTECT_MAIN: "${t}" is neither true, false nor an object type (app.model or app.*)`);
  return types;
}

function writeScope(v: string | undefined): ChangeSettings['branchWriteScope'] {
  const scope = (v || 'all').toLowerCase();
  if (scope !== 'all' && scope !== 'assigned') throw new Error(`BRANCH_WRITE_SCOPE: "${v}" is not all or assigned`);
  return scope;
}

function logLevel(v: string | undefined): Settings['logLevel'] {
  const level = (v ?? 'info').toLowerCase();
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(level))
    throw new Error(`LOG_LEVEL: "${v}" is not one of debug, info, warn, error, silent`);
  return level as Settings['logLevel'];
}

export function loadSettings(env: Env = process.env): Settings {
  const dataDir = resolve(env.DATA_DIR ?? './.data');
  return {
    host: env.HOST ?? '127.0.0.1',
    port: int('PORT', env.PORT, 8000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: int('EMBEDDED_PG_PORT', env.EMBEDDED_PG_PORT, 54329),
    paginateCount: int('PAGINATE_COUNT', env.PAGINATE_COUNT, 50),
    maxPageSize: int('MAX_PAGE_SIZE', env.MAX_PAGE_SIZE === 'None' ? '0' : env.MAX_PAGE_SIZE, 1000),
    loginRequired: bool(env.LOGIN_REQUIRED, true),
    exemptViewPermissions: list(env.EXEMPT_VIEW_PERMISSIONS),
    apiTokenPeppers: parsePeppers(env.API_TOKEN_PEPPERS),
    allowTokenRetrieval: bool(env.ALLOW_TOKEN_RETRIEVAL, false),
    changelogRetentionDays: int('CHANGELOG_RETENTION', env.CHANGELOG_RETENTION, 90),
    maintenanceMode: bool(env.MAINTENANCE_MODE, false),
    strictFiltering: bool(env.STRICT_FILTERING, true),
    strictBody: bool(env.STRICT_BODY, false),
    jsonInDatabase: bool(env.JSON_IN_DATABASE, true),
    logLevel: logLevel(env.LOG_LEVEL),
    enforceGlobalUnique: bool(env.ENFORCE_GLOBAL_UNIQUE, true),
    defaultPermissions: env.DEFAULT_PERMISSIONS
      ? (JSON.parse(env.DEFAULT_PERMISSIONS) as Record<string, unknown[]>)
      : {
          'users.view_token': [{ user: '$user' }],
          'users.add_token': [{ user: '$user' }],
          'users.change_token': [{ user: '$user' }],
          'users.delete_token': [{ user: '$user' }],
        },
    bodyLimitBytes: int('MAX_BODY_SIZE', env.MAX_BODY_SIZE, 10 * 1024 * 1024),
    bulkLimit: int('MAX_BULK_ITEMS', env.MAX_BULK_ITEMS, 10_000),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 60_000),
    keepAliveTimeoutMs: int('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 75_000),
    superuser: {
      name: env.SUPERUSER_NAME || undefined,
      password: env.SUPERUSER_PASSWORD || undefined,
      email: env.SUPERUSER_EMAIL || undefined,
      apiToken: env.SUPERUSER_API_TOKEN || undefined,
    },
    workerInProcess: bool(env.WORKER_IN_PROCESS, true),
    workerConcurrency: Math.max(1, int('WORKER_CONCURRENCY', env.WORKER_CONCURRENCY, 10)),
    webhookConcurrency: Math.max(1, int('WEBHOOK_CONCURRENCY', env.WEBHOOK_CONCURRENCY, 32)),
    webConcurrency: Math.max(1, int('WEB_CONCURRENCY', env.WEB_CONCURRENCY, 1)),
    poolSize: Math.max(2, int('DB_POOL_SIZE', env.DB_POOL_SIZE, 10)),
    mediaRoot: resolve(env.MEDIA_ROOT ?? `${dataDir}/media`),
    uploadLimitBytes: int('MAX_UPLOAD_SIZE', env.MAX_UPLOAD_SIZE, 10 * 1024 * 1024),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000),
    webhookMaxAttempts: Math.max(1, int('WEBHOOK_MAX_ATTEMPTS', env.WEBHOOK_MAX_ATTEMPTS, 5)),
    webhookBackoffMs: int('WEBHOOK_BACKOFF_MS', env.WEBHOOK_BACKOFF_MS, 1000),
    webhookAllowedHosts: env.WEBHOOK_ALLOWED_HOSTS ? list(env.WEBHOOK_ALLOWED_HOSTS) : undefined,
    webhookCaRoot: env.WEBHOOK_CA_ROOT ? resolve(env.WEBHOOK_CA_ROOT) : undefined,
    jobLeaseSeconds: int('JOB_LEASE_SECONDS', env.JOB_LEASE_SECONDS, 60),
    stream: {
      intervalMs: Math.max(5, int('STREAM_INTERVAL_MS', env.STREAM_INTERVAL_MS, 20)),
      heartbeatSeconds: Math.max(1, int('STREAM_HEARTBEAT_SECONDS', env.STREAM_HEARTBEAT_SECONDS, 15)),
      maxClients: int('STREAM_MAX_CLIENTS', env.STREAM_MAX_CLIENTS, 100),
      bufferBytes: Math.max(4096, int('STREAM_BUFFER_BYTES', env.STREAM_BUFFER_BYTES, 1024 * 1024)),
      maxSeconds: int('STREAM_MAX_SECONDS', env.STREAM_MAX_SECONDS, 3600),
    },
    graphql: {
      maxAliases: int('GRAPHQL_MAX_ALIASES', env.GRAPHQL_MAX_ALIASES, 10),
      maxDepth: int('GRAPHQL_MAX_QUERY_DEPTH', env.GRAPHQL_MAX_QUERY_DEPTH, 10),
      maxCost: int('GRAPHQL_MAX_COST', env.GRAPHQL_MAX_COST, 100_000),
      maxTokens: int('GRAPHQL_MAX_TOKENS', env.GRAPHQL_MAX_TOKENS, 10_000),
      maxBodyBytes: int('GRAPHQL_MAX_BODY_SIZE', env.GRAPHQL_MAX_BODY_SIZE, 1024 * 1024),
    },
    changes: {
      mergeRequiresApproval: bool(env.MERGE_REQUIRES_APPROVAL, false),
      protectMain: protectMain(env.PROTECT_MAIN),
      branchWriteScope: writeScope(env.BRANCH_WRITE_SCOPE),
    },
  };
}
