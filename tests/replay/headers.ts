/**
 * Response headers the corpus recorded, compared for the report only (they are not part of a pass):
 * `Allow` as a set, the media type of `Content-Type`, `API-Version` and `X-Ignored-Fields`.
 */
import type { CorpusRecord } from './corpus.ts';

function recorded(record: CorpusRecord, name: string): string | undefined {
  const hit = Object.entries(record.response_headers).find(([k]) => k.toLowerCase() === name.toLowerCase());
  return hit?.[1];
}

const allowSet = (v: string | undefined) =>
  v === undefined
    ? undefined
    : v
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean)
        .sort()
        .join(', ');
const mediaType = (v: string | undefined) => v?.split(';')[0]!.trim().toLowerCase();

/** One line per differing header, e.g. `Allow: GET, OPTIONS → GET, HEAD, OPTIONS`. */
export function headerNotes(record: CorpusRecord, ours: Headers): string[] {
  const notes: string[] = [];
  const check = (name: string, norm: (v: string | undefined) => string | undefined) => {
    const a = norm(recorded(record, name));
    const b = norm(ours.get(name) ?? undefined);
    if (a !== b) notes.push(`${name}: ${a ?? '(absent)'} → ${b ?? '(absent)'}`);
  };
  check('Allow', allowSet);
  check('Content-Type', mediaType);
  check('API-Version', (v) => v);
  check('X-Ignored-Fields', (v) => v);
  return notes;
}
