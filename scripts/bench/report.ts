/** Prints the results as a table and writes them (JSON and Markdown) under bench/results/. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release, platform } from 'node:os';
import type { Result } from './harness.ts';

export function machine(pgVersion: string): Record<string, string> {
  return {
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    os: `${platform()} ${release()}`,
    node: process.version,
    postgres: pgVersion,
  };
}

export function markdown(results: Result[], about: Record<string, string>): string {
  const keys = [...new Set(results.flatMap((r) => Object.keys(r.metrics)))];
  // the columns that say where a row ran: the PostgreSQL, and the build when a run compares builds
  const where = [
    ...(results.some((r) => r.database) ? [['PostgreSQL', (r: Result) => r.database] as const] : []),
    ...(results.some((r) => r.build) ? [['build', (r: Result) => r.build] as const] : []),
  ];
  const lines = [
    `# Benchmark ${new Date().toISOString()}`,
    '',
    ...Object.entries(about).map(([k, v]) => `- ${k}: ${v}`),
    '',
    `| ${where.map(([h]) => `${h} | `).join('')}scenario | ${keys.join(' | ')} | target | met |`,
    `|${where.map(() => '---|').join('')}---|${keys.map(() => '---').join('|')}|---|---|`,
    ...results.map(
      (r) =>
        `| ${where.map(([, v]) => `${v(r) ?? ''} | `).join('')}${r.scenario} | ` +
        `${keys.map((k) => r.metrics[k] ?? '').join(' | ')} | ` +
        `${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : 'NO'} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export function writeResults(results: Result[], about: Record<string, string>): string {
  mkdirSync('bench/results', { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const md = markdown(results, about);
  writeFileSync(`bench/results/${stamp}.json`, `${JSON.stringify({ machine: about, results }, null, 2)}\n`);
  writeFileSync(`bench/results/${stamp}.md`, md);
  return md;
}
