/**
 * Starts one PostgreSQL for the whole run (embedded, or the server in DATABASE_URL) and builds a
 * migrated template database; each test file clones it (`CREATE DATABASE … TEMPLATE`). The tiers that
 * need it (vitest.config.ts) each name this file; they share the one database, which the last of them
 * to finish stops.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { catalogue } from '../../generated/catalogue.ts';
import { filters } from '../../generated/filters/index.ts';
import { Registry, upkeepOf } from '../../runtime/catalogue/index.ts';
import { connect, migrateDatabase, startEmbeddedPostgres, type EmbeddedServer } from '../../runtime/db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

interface Shared {
  ready: Promise<{ adminUrl: string; templateDb: string }>;
  users: number;
  stop(): Promise<void>;
}

// vitest loads this file once per tier, in one process: the database is kept where every copy sees it
const key = Symbol.for('netbox-tests.postgres');
const slot = globalThis as { [key]?: Shared };

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? res(a.port) : rej(new Error('no port'))));
    });
  });
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

function start(): Shared {
  let embedded: EmbeddedServer | undefined;
  const templateDb = `nb_template_${process.pid}`;
  const ready = (async () => {
    let adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      // one folder per concurrent run (TEST_DATA_DIR): a start stops the PostgreSQL it finds in its folder
      const dir = resolve(process.env.TEST_DATA_DIR ?? '.test-data');
      mkdirSync(dir, { recursive: true });
      embedded = await startEmbeddedPostgres(dir, Number(process.env.TEST_PG_PORT ?? (await freePort())));
      adminUrl = embedded.url('postgres');
    }
    const admin = connect(adminUrl, { max: 1 });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${templateDb}`);
    await admin.unsafe(`CREATE DATABASE ${templateDb}`);
    // with the counter caches' and row totals' triggers, so each test's database starts with them
    const upkeep = upkeepOf(new Registry(catalogue, filters));
    await migrateDatabase(withDatabase(adminUrl, templateDb), resolve('migrations'), upkeep);
    await admin.end();
    return { adminUrl, templateDb };
  })();
  const stop = async () => {
    const { adminUrl } = await ready.catch(() => ({ adminUrl: undefined }));
    if (adminUrl) {
      const sql = connect(adminUrl, { max: 1 });
      await sql.unsafe(`DROP DATABASE IF EXISTS ${templateDb}`).catch(() => {});
      await sql.end();
    }
    if (embedded) await embedded.stop();
  };
  return { ready, users: 0, stop };
}

export async function setup(project: TestProject): Promise<void> {
  const shared = (slot[key] ??= start());
  shared.users++;
  const { adminUrl, templateDb } = await shared.ready;
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
}

export async function teardown(): Promise<void> {
  const shared = slot[key];
  if (!shared || --shared.users > 0) return;
  slot[key] = undefined;
  await shared.stop();
}
