/**
 * What became of each exchange: its findings, which of them a declared difference accounts for, and
 * whether it is identical, differs only as declared, or differs otherwise; and which declared
 * differences matched nothing (so the list can only shrink).
 */
import type { Finding, Side } from './compare.ts';
import type { CorpusRecord, Part } from './corpus.ts';
import { PARTS } from './corpus.ts';
import type { LiveAnswer } from './replay.ts';

/** One replayed exchange: the record, our answer and the findings of the comparison. */
export interface Exchange {
  readonly record: CorpusRecord;
  readonly ours: LiveAnswer;
  readonly findings: readonly Finding[];
  /** both sides, normalised, as compared */
  readonly recorded: Side;
  readonly live: Side;
  /** header differences (reported, never a failure): Allow, Content-Type, API-Version, X-Ignored-Fields */
  readonly headerNotes: readonly string[];
}

/** The recordings compared with NetBox: the corpus (tests/replay) and NetBox's demo data imported (tests/demo). */
export type Recording = 'corpus' | 'demo';

/** A deliberate difference: a rule covering a class of findings, with its reason. */
export interface DeclaredDifference {
  readonly id: string;
  readonly reason: string;
  /** the recordings it shows in, each of whose comparisons fails when it no longer does (default: the corpus) */
  readonly seenIn?: readonly Recording[];
  applies(finding: Finding, exchange: Exchange): boolean;
}

export interface Judged extends Exchange {
  /** per finding, the id of the declared difference accounting for it, or null */
  readonly declaredBy: readonly (string | null)[];
  readonly verdict: 'identical' | 'declared' | 'differs';
}

export function judge(x: Exchange, declared: readonly DeclaredDifference[]): Judged {
  const declaredBy = x.findings.map((f) => declared.find((d) => d.applies(f, x))?.id ?? null);
  const verdict = !x.findings.length ? 'identical' : declaredBy.every((d) => d !== null) ? 'declared' : 'differs';
  return { ...x, declaredBy, verdict };
}

export interface PartSummary {
  readonly part: Part;
  readonly total: number;
  readonly identical: number;
  readonly declared: number;
  readonly differs: number;
}

export function summarise(judged: readonly Judged[]): PartSummary[] {
  const rows = PARTS.map((part) => {
    const xs = judged.filter((j) => j.record.part === part);
    return {
      part,
      total: xs.length,
      identical: xs.filter((j) => j.verdict === 'identical').length,
      declared: xs.filter((j) => j.verdict === 'declared').length,
      differs: xs.filter((j) => j.verdict === 'differs').length,
    };
  });
  const sum = (k: 'total' | 'identical' | 'declared' | 'differs') => rows.reduce((n, r) => n + r[k], 0);
  return [
    ...rows,
    {
      part: 'all' as Part,
      total: sum('total'),
      identical: sum('identical'),
      declared: sum('declared'),
      differs: sum('differs'),
    },
  ];
}

/** Declared differences said to show in `recording` that accounted for no finding of any of its exchanges. */
export function unusedDeclarations(
  judged: readonly Judged[],
  declared: readonly DeclaredDifference[],
  recording: Recording = 'corpus',
): string[] {
  const used = new Set(judged.flatMap((j) => j.declaredBy.filter((d): d is string => d !== null)));
  const expected = declared.filter((d) => (d.seenIn ?? ['corpus']).includes(recording));
  return expected.filter((d) => !used.has(d.id)).map((d) => d.id);
}
