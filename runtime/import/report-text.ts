/** The report as the console shows it: what was copied, what was not and why, what to do by hand. */
import type { GeneratedPassword } from './passwords.ts';
import { duration } from './progress.ts';
import { shortfalls, type ReportData } from './report.ts';

const n = (x: number) => x.toLocaleString('en');

function section(out: string[], title: string, lines: string[], total = lines.length): void {
  if (!lines.length) return;
  out.push('', `${title}:`, ...lines.slice(0, 50).map((l) => `  ${l}`));
  if (total > 50) out.push(`  … and ${n(total - 50)} more (all in the JSON report)`);
}

function copied(r: ReportData, out: string[]): void {
  const rate = r.objectsWritten / Math.max(r.writeSeconds, 0.001);
  out.push(
    `Copied ${n(r.objectsWritten)} objects from ${r.source.url} (NetBox ${r.source.version || 'version unknown'}) ` +
      `in ${duration(r.writeSeconds)}: ${n(Math.round(rate))} objects/s written.`,
  );
  const q = r.source_requests;
  out.push(
    `${n(q.requests)} requests to the source; ${n(q.retries)} tried again; ` +
      `${q.slowdowns ? `slowed down ${q.slowdowns} times (to ${q.lowestConcurrency} at once)` : 'never slowed down'}.`,
  );
  const short = shortfalls(r);
  if (short.length) out.push(`Not all of the source is here: ${short.join(', ')} (listed below).`);
}

function notCopied(r: ReportData, out: string[]): void {
  section(
    out,
    'Not copied',
    Object.entries(r.notCopied).map(([m, why]) => `${m}: ${why}`),
  );
  const lacking = Object.entries(r.lacking).flatMap(([m, fields]) =>
    Object.entries(fields).map(
      ([f, c]) =>
        `${m}.${f}: ${n(c.objects)} objects (${n(c.withValue)} with a value) — this service has no such field`,
    ),
  );
  section(out, 'Fields of the source this catalogue lacks (their values are not copied)', lacking);
  section(
    out,
    'References emptied (their target was not copied)',
    Object.entries(r.droppedReferences).map(([k, c]) => `${k}: ${n(c)}`),
  );
  section(
    out,
    'Objects not copied',
    r.skipped.map((f) => `${f.model} ${f.id}: ${f.reason}`),
  );
  section(
    out,
    'Listed twice by the source (the first listing was copied)',
    r.repeated.map((f) => `${f.model} ${f.id}: ${f.reason}`),
  );
  section(
    out,
    'Counted by the source but never listed (deleted during the copy, or paged wrongly)',
    Object.entries(r.models).flatMap(([m, t]) => (t.unlisted ? [`${m}: ${n(t.unlisted)}`] : [])),
  );
  section(
    out,
    'Conflicts (kept as they are here)',
    r.conflicts.map((f) => `${f.model} ${f.id}: ${f.reason}`),
  );
}

function byHand(r: ReportData, out: string[], passwords: readonly GeneratedPassword[]): void {
  const tokens = r.tokens.map(
    (t) =>
      `token ${t.id} of ${t.user} (v${t.version}, ${t.key}${t.description ? `, "${t.description}"` : ''}): ` +
      'create a new one here (POST /api/users/tokens/; a v1 token may be given its old 40-character plaintext)',
  );
  section(out, 'Token secrets the source does not show', tokens);
  section(
    out,
    'Secrets to enter again',
    r.reenter.map((f) => `${f.model} ${f.id}: ${f.reason}`),
  );
  if (passwords.length)
    section(
      out,
      'Generated passwords (shown once)',
      passwords.map((p) => `${p.username}: ${p.password}`),
    );
  else if (r.passwordless.length)
    out.push(
      '',
      `${n(r.passwordless.length)} users have no usable password yet (NetBox never shows password hashes): ` +
        'set them with `npm run manage -- changepassword --username …`, or run the import with --generate-passwords',
    );
  section(
    out,
    'Images that could not be downloaded',
    r.images.failed.map((f) => `${f.model} ${f.id}: ${f.reason}`),
  );
  section(out, 'Notes', r.notes);
}

function verification(r: ReportData, out: string[]): void {
  const v = r.verification;
  if (!v) return;
  // a count short by what the report lists as not copied is as expected (those are listed above)
  const counts = v.counts.filter((c) => c.expected !== c.target);
  out.push(
    '',
    `Verification: ${n(v.compared)} objects compared field by field in ${duration(v.seconds)}; ` +
      (v.clean ? 'no differences.' : `${n(v.differences.length + v.moreDifferences)} differences.`),
  );
  section(
    out,
    'Counts that differ',
    counts.map((c) => `${c.model}: ${n(c.source)} there, ${n(c.target)} here (${n(c.expected)} expected)`),
  );
  section(
    out,
    'Differences',
    v.differences.map(
      (d) => `${d.model} ${d.id} ${d.path || '(object)'}: ${JSON.stringify(d.source)} → ${JSON.stringify(d.target)}`,
    ),
    v.differences.length + v.moreDifferences,
  );
}

export function formatReport(r: ReportData, passwords: readonly GeneratedPassword[] = []): string {
  const out: string[] = [];
  copied(r, out);
  notCopied(r, out);
  byHand(r, out, passwords);
  verification(r, out);
  return out.join('\n');
}
