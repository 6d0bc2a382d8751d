/**
 * The replay's report: `.replay/report.txt` (per part identical/total, then every differing exchange
 * with a compact diff of the normalised bodies), `.replay/report.json` (the same, structured, with
 * the most frequent differing keys), `.replay/answers.jsonl` (every answer of ours, whole, for a closer
 * look) and the per-part summary for the console.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Finding } from './compare.ts';
import type { DeclaredDifference, Judged, PartSummary } from './outcome.ts';

/** REPLAY_DIR: another folder, for runs side by side */
export const REPORT_DIR = process.env.REPLAY_DIR ?? '.replay';

export interface ReportInput {
  readonly judged: readonly Judged[];
  readonly summary: readonly PartSummary[];
  readonly declared: readonly DeclaredDifference[];
  readonly unused: readonly string[];
  readonly preconditions: readonly string[];
  readonly ms: number;
  /** where the files go (default REPORT_DIR), and the report's first words */
  readonly dir?: string;
  readonly title?: string;
}

function show(v: unknown, max: number): string {
  const s = v === undefined ? '(absent)' : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** One finding on one line: `path: recorded → ours`. */
export function findingLine(f: Finding, max = 100): string {
  const where = `${f.kind}${f.path ? ` ${f.path}` : ''}`;
  if (f.missing === 'ours') return `${where}: only recorded ${show(f.recorded, max)}`;
  if (f.missing === 'recorded') return `${where}: only ours ${show(f.ours, max)}`;
  return `${where}: ${show(f.recorded, max)} → ${show(f.ours, max)}`;
}

/** A finding's path with list positions and ids blanked, to count one kind of difference once. */
export function generalPath(f: Finding): string {
  const path = f.path.replace(/\[(id=)?\d+\]/g, '[]');
  const side = f.missing ? ` (only ${f.missing === 'ours' ? 'recorded' : 'ours'})` : '';
  return `${f.kind} ${path}${side}`;
}

export function summaryTable(summary: readonly PartSummary[]): string {
  const head = `${'part'.padEnd(10)} ${'identical'.padStart(11)} ${'declared'.padStart(9)} ${'differs'.padStart(8)}`;
  const rows = summary.map(
    (r) =>
      `${r.part.padEnd(10)} ${`${r.identical}/${r.total}`.padStart(11)} ${String(r.declared).padStart(9)} ` +
      `${String(r.differs).padStart(8)}`,
  );
  return [head, ...rows].join('\n');
}

function exchangeHeader(j: Judged): string {
  const r = j.record;
  const status = r.status === j.ours.status ? `${r.status}` : `${r.status} → ${j.ours.status}`;
  return `#${r.seq} ${r.part} ${r.method} ${r.path}  [${status}]`;
}

export function writeReport(input: ReportInput): void {
  const { judged, summary, declared, unused, preconditions, ms, dir = REPORT_DIR } = input;
  const title = input.title ?? 'NetBox 4.6.8 corpus replay';
  mkdirSync(dir, { recursive: true });
  const differing = judged.filter((j) => j.verdict === 'differs');
  const declaredOnly = judged.filter((j) => j.verdict === 'declared');

  const keyCounts = new Map<string, Set<number>>();
  for (const j of differing)
    j.findings.forEach((f, i) => {
      if (j.declaredBy[i]) return;
      const k = generalPath(f);
      if (!keyCounts.has(k)) keyCounts.set(k, new Set());
      keyCounts.get(k)!.add(j.record.seq);
    });
  const frequent = [...keyCounts.entries()]
    .map(([key, seqs]) => ({ key, exchanges: seqs.size, seqs: [...seqs].slice(0, 8) }))
    .sort((a, b) => b.exchanges - a.exchanges);

  const lines: string[] = [];
  lines.push(`${title}: ${judged.length} exchanges in ${(ms / 1000).toFixed(1)} s`, '');
  lines.push(summaryTable(summary), '');
  if (preconditions.length) lines.push('Start state:', ...preconditions.map((p) => `  ${p}`), '');
  lines.push('Declared differences:');
  for (const d of declared) {
    const n = judged.reduce((c, j) => c + j.declaredBy.filter((x) => x === d.id).length, 0);
    lines.push(`  ${d.id} (${n} findings${unused.includes(d.id) ? ', UNUSED' : ''}): ${d.reason}`);
  }
  lines.push('');
  const headerCounts = new Map<string, number>();
  for (const j of judged)
    for (const h of j.headerNotes) {
      const name = h.slice(0, h.indexOf(':'));
      headerCounts.set(name, (headerCounts.get(name) ?? 0) + 1);
    }
  const headerLine = [...headerCounts].map(([k, n]) => `${k} ${n}`).join(', ');
  lines.push(`Header differences (reported, not part of a pass), exchanges per header: ${headerLine || 'none'}`, '');
  lines.push(`Most frequent undeclared differences (kind, key: exchanges):`);
  for (const f of frequent.slice(0, 80)) lines.push(`  ${f.key}: ${f.exchanges}  e.g. #${f.seqs.join(', #')}`);
  lines.push('', `Differing exchanges (${differing.length}):`, '');
  for (const j of differing) {
    lines.push(exchangeHeader(j));
    const shown = j.findings.map((f, i) => (j.declaredBy[i] ? `  [${j.declaredBy[i]}] ` : '  ') + findingLine(f));
    lines.push(...shown.slice(0, 12));
    if (shown.length > 12) lines.push(`  … ${shown.length - 12} more`);
    for (const h of j.headerNotes) lines.push(`  (header) ${h}`);
    lines.push('');
  }
  lines.push(`Exchanges that differ only as declared (${declaredOnly.length}):`, '');
  for (const j of declaredOnly) lines.push(`${exchangeHeader(j)}  ${[...new Set(j.declaredBy)].join(', ')}`);
  writeFileSync(`${dir}/report.txt`, `${lines.join('\n')}\n`);

  const json = {
    exchanges: judged.length,
    seconds: Math.round(ms / 100) / 10,
    summary,
    preconditions,
    declared: declared.map((d) => ({ id: d.id, reason: d.reason, unused: unused.includes(d.id) })),
    frequent,
    differing: [...differing, ...declaredOnly].map((j) => ({
      seq: j.record.seq,
      part: j.record.part,
      method: j.record.method,
      path: j.record.path,
      status: { recorded: j.record.status, ours: j.ours.status },
      verdict: j.verdict,
      findings: j.findings.slice(0, 200).map((f, i) => ({
        key: generalPath(f),
        line: findingLine(f, 300),
        declaredBy: j.declaredBy[i],
      })),
      moreFindings: Math.max(0, j.findings.length - 200),
      headerNotes: j.headerNotes,
      ours: j.ours.text.length > 4000 ? `${j.ours.text.slice(0, 4000)}…` : j.ours.text,
    })),
  };
  writeFileSync(`${dir}/report.json`, `${JSON.stringify(json, null, 1)}\n`);
  const answers = judged.map((j) =>
    JSON.stringify({
      seq: j.record.seq,
      status: j.ours.status,
      headers: Object.fromEntries(j.ours.headers.entries()),
      body: j.ours.json ? j.ours.body : j.ours.text,
      ...(j.ours.deliveries ? { deliveries: j.ours.deliveries } : {}),
    }),
  );
  writeFileSync(`${dir}/answers.jsonl`, `${answers.join('\n')}\n`);
}
