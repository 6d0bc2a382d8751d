/**
 * A real API server for one test file: its own database cloned from the migrated template, its own
 * port, a superuser with a known v1 token. Requests go over HTTP like any client's.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { catalogue as mainCatalogue } from '../../generated/catalogue.ts';
import { filters as mainFilters } from '../../generated/filters/index.ts';
import { routes as mainRoutes } from '../../generated/routes.ts';
import type { Catalogue, FilterSpecs } from '../../runtime/catalogue/index.ts';
import { loadSettings } from '../../runtime/config/index.ts';
import { connect, type Sql } from '../../runtime/db/index.ts';
import type { ModelRoute } from '../../runtime/catalogue/index.ts';
import { startServer, type RunningServer } from '../../runtime/server.ts';
import type { GraphqlMap } from '../../runtime/graphql/index.ts';

export const TOKEN = '0123456789abcdef0123456789abcdef01234567';

/** The two ways a server writes its answers, for a suite run in both (describe.each): JSON by PostgreSQL, by Node. */
export const JSON_WRITERS: [string, Record<string, string>][] = [
  ['JSON written by PostgreSQL', {}],
  ['JSON written by the server', { JSON_IN_DATABASE: 'false' }],
];
export const AUTH = { Authorization: `Token ${TOKEN}` };

export interface Reply<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
  readonly text: string;
}

export interface TestServer {
  readonly url: string;
  readonly sql: Sql;
  readonly server: RunningServer;
  readonly database: string;
  readonly databaseUrl: string;
  /** headers every request of this view carries besides the token (a branch) */
  readonly headers?: Record<string, string>;
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  readonly env?: Record<string, string>;
  readonly catalogue?: Catalogue;
  readonly filters?: FilterSpecs;
  readonly routes?: readonly ModelRoute[];
  readonly migrationsFolder?: string;
  /** start from an empty database instead of the migrated template */
  readonly fresh?: boolean;
  /** use this existing database (a restart after an upgrade) */
  readonly database?: string;
  /** reach the database through this URL instead (a proxy that counts statements) */
  readonly via?: (url: string) => string;
}

export function databaseUrl(db: string): string {
  const u = new URL(inject('adminUrl'));
  u.pathname = `/${db}`;
  return u.toString();
}

export async function createDatabase(fresh = false): Promise<string> {
  const name = `nb_t_${randomBytes(6).toString('hex')}`;
  const admin = connect(inject('adminUrl'), { max: 1 });
  await admin.unsafe(fresh ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  await admin.end();
  return name;
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = connect(inject('adminUrl'), { max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await admin.end();
}

const openapi = JSON.parse(readFileSync(resolve('generated/openapi.json'), 'utf8')) as Record<string, unknown>;
const graphql = {
  sdl: readFileSync(resolve('generated/graphql/schema.graphql'), 'utf8'),
  map: JSON.parse(readFileSync(resolve('generated/graphql/map.json'), 'utf8')) as GraphqlMap,
};
const version = (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string }).version;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createDatabase(options.fresh));
  const url = options.via ? options.via(databaseUrl(database)) : databaseUrl(database);
  const settings = loadSettings({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-test-')),
    HOST: '127.0.0.1',
    SUPERUSER_NAME: 'admin',
    SUPERUSER_PASSWORD: 'admin-password',
    SUPERUSER_API_TOKEN: TOKEN,
    DB_POOL_SIZE: '4',
    LOG_LEVEL: 'warn',
    WORKER_IN_PROCESS: 'false',
    ...options.env,
  });
  const server = await startServer({
    settings,
    databaseUrl: url,
    port: 0,
    version,
    openapi,
    // a test's own catalogue has no generated GraphQL schema
    graphql: options.catalogue ? undefined : graphql,
    catalogue: options.catalogue ?? mainCatalogue,
    filters: options.filters ?? mainFilters,
    routes: options.routes ?? mainRoutes,
    migrationsFolder: options.migrationsFolder ?? resolve('migrations'),
  });
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> => {
    const init: RequestInit = { method, headers: { ...AUTH, ...headers }, redirect: 'manual' };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(`${server.url}${path}`, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };
  return {
    url: server.url,
    sql: server.sql,
    server,
    database,
    databaseUrl: url,
    request,
    async stop() {
      await server.stop();
      await dropDatabase(database);
    },
  };
}

/** POSTs a body and returns the created object, failing the test (with the answer) unless it is a 201. */
export async function created(s: TestServer, path: string, body: unknown): Promise<any> {
  const r = await s.request('POST', path, body);
  if (r.status !== 201) throw new Error(`POST ${path} → ${r.status}: ${r.text}`);
  return r.body;
}

/** The calls the filter tests make of the server `server()` gives (it starts in the file's beforeAll). */
export function serverCalls(server: () => TestServer) {
  return {
    /** POSTs a body and returns the created object */
    post: (path: string, body: unknown) => created(server(), path, body),
    /** the ids a GET of `path` lists, ascending, failing the test (with the answer) unless it is a 200 */
    async ids(path: string): Promise<number[]> {
      const r = await server().request('GET', path);
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
      return r.body.results.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b);
    },
    /** the status of a GET of `path` */
    status: async (path: string) => (await server().request('GET', path)).status,
  };
}
