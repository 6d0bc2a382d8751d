/**
 * Moving from NetBox at scale: `npm run manage -- import-netbox` (as an operator runs it, its own
 * process) copies the data set from the bench's server, a second instance standing in for NetBox,
 * into an empty database; objects written per second (target ≥ 5,000) from the command's JSON
 * report, then the closing verification's pace, and what the report lists as not copied.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportData } from '../../../runtime/import/index.ts';
import { TOKEN, type Result } from '../harness.ts';

const TARGET = 5000;

/** Runs the command to its end; its output is shown as it goes (progress per model, the report). */
function manage(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/manage.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (d) =>
      process.stdout.write(`  [import] ${String(d).replace(/\n(?!$)/g, '\n  [import] ')}`),
    );
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

export async function benchImport(sourceUrl: string, targetDatabaseUrl: string): Promise<Result[]> {
  const dir = mkdtempSync(join(tmpdir(), 'nb-bench-import-'));
  try {
    const file = join(dir, 'report.json');
    const code = await manage(['import-netbox', '--url', sourceUrl, '--token', TOKEN, '--report', file], {
      DATABASE_URL: targetDatabaseUrl,
      DATA_DIR: dir,
    });
    const r = JSON.parse(readFileSync(file, 'utf8')) as ReportData;
    const rate = Math.round(r.objectsWritten / r.writeSeconds);
    const v = r.verification;
    return [
      {
        scenario: `import-netbox from a second instance: ${r.objectsWritten.toLocaleString('en')} objects written`,
        metrics: {
          seconds: +r.writeSeconds.toFixed(1),
          'objects/s': rate,
          'source requests': r.source_requests.requests,
          'not copied': Object.keys(r.notCopied).length + r.skipped.length,
        },
        target: `≥ ${TARGET.toLocaleString('en')} objects/s written`,
        met: rate >= TARGET,
      },
      {
        scenario: `import-netbox verification: ${v?.compared.toLocaleString('en') ?? 0} objects compared`,
        metrics: {
          seconds: +(v?.seconds ?? 0).toFixed(1),
          'objects/s': Math.round((v?.compared ?? 0) / Math.max(v?.seconds ?? 0, 0.001)),
          differences: (v?.differences.length ?? 0) + (v?.moreDifferences ?? 0),
          'exit code': code,
        },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
