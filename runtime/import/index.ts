/**
 * `import-netbox`: copies a running NetBox (3.7 to 4.6) into this service's database through
 * NetBox's REST API, keeping every object's id, then verifies the copy through both APIs.
 */
import { Registry, upkeepOf } from '../catalogue/index.ts';
import { connect, migrateDatabase } from '../db/index.ts';
import type { ImportOptions } from './options.ts';
import { generatePasswords, type GeneratedPassword } from './passwords.ts';
import type { ReportData } from './report.ts';
import { sourcePath } from './discover.ts';
import { copyNetbox } from './run.ts';
import { Source } from './source.ts';
import { targetApi } from './target-app.ts';
import { verifyImport } from './verify.ts';

export { ImportRefused, type ImportOptions } from './options.ts';
export { exitCode, type ReportData, type Verification, type Difference } from './report.ts';
export type { GeneratedPassword } from './passwords.ts';
export { formatReport } from './report-text.ts';
export { REQUEST_TIMEOUT_MS, RETRY_TIME_MS, SourceError } from './source.ts';

export interface ImportOutcome {
  readonly report: ReportData;
  readonly passwords: readonly GeneratedPassword[];
}

export async function importNetbox(o: ImportOptions): Promise<ImportOutcome> {
  const registry = new Registry(o.catalogue, o.filters);
  await migrateDatabase(o.databaseUrl, o.migrationsFolder, upkeepOf(registry));
  const output = o.output ?? process.stdout;
  const sql = connect(o.databaseUrl, { max: 4, applicationName: 'import-netbox' });
  const source = new Source({
    url: o.url,
    token: o.token,
    concurrency: o.concurrency ?? 4,
    ...(o.attempts ? { attempts: o.attempts } : {}),
    ...(o.backoffMs !== undefined ? { backoffMs: o.backoffMs } : {}),
    ...(o.requestTimeoutMs ? { requestTimeoutMs: o.requestTimeoutMs } : {}),
    ...(o.retryTimeMs ? { retryTimeMs: o.retryTimeMs } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  try {
    const copied = await copyNetbox(o, sql, registry, source);
    const report = copied.report;
    if (o.verify !== false) {
      output.write('Verifying: every object read back through both APIs\n');
      report.verification = await verifyImport({
        registry,
        source,
        target: targetApi(o, sql, registry),
        report,
        models: copied.copied.map((model) => ({ model, path: sourcePath(copied.info, model.key) })),
        merge: !!o.merge,
        pageSize: o.pageSize ?? 1000,
        output,
      });
    }
    const passwords = o.generatePasswords ? await generatePasswords(sql) : [];
    return { report, passwords };
  } finally {
    // pages read ahead of a failure are not waited for; the pages being written have finished
    source.close();
    await sql.end({ timeout: 5 });
  }
}
