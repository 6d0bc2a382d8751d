/**
 * A model's display rule as one SQL expression (runtime/sql/display.ts), given the library fixture:
 * text and field parts joined, filters (upper, a choice's label), paths through relations as subqueries,
 * and alternatives tried in order with the last one as the fallback.
 */
import { describe, expect, it } from 'vitest';
import { displaySql, pathExpr } from '../../../runtime/sql/display.ts';
import { libraryRegistry } from '../fixtures/library.ts';

const registry = libraryRegistry();

/**
 * Subquery aliases are numbered per process (`d7`, `d8`, …): the tables number them `a1`, `a2`, … in the
 * order they first appear, which keeps which alias is which.
 */
function aliases(sql: string): string {
  const seen = new Map<string, string>();
  return sql.replace(/\bd\d+\b/g, (d) => seen.get(d) ?? seen.set(d, `a${seen.size + 1}`).get(d)!);
}

const roomName = (d: string, alias: string) =>
  `(SELECT ${d}."name" FROM "lib_room" ${d}\n    WHERE ${d}.id = ${alias}."room_id")`;
const labels = `'{"draft":"Draft","published":"Published"}'::jsonb`;

const cases: { model: string; alias: string; want: string }[] = [
  { model: 'lib.room', alias: 't', want: `coalesce(t."name"::text, '')` },
  { model: 'lib.author', alias: 'a', want: `coalesce(upper(a."name"::text), '')` },
  // a choice shows its label, or the stored value when it is none of the set's
  {
    model: 'lib.book',
    alias: 't',
    want:
      `coalesce(t."title"::text, '') || coalesce(' (', '') || ` +
      `coalesce(coalesce(${labels} ->> (t."status"::text), t."status"::text), '') || coalesce(')', '')`,
  },
  // "{room.name}: {label}" when both are set, else the fallback "{room.name} #{position}"
  {
    model: 'lib.shelf',
    alias: 's',
    want:
      // the room's name is read once, in a lateral subquery (p0), however often the display names it
      `(SELECT CASE WHEN coalesce(a1.p0, '') <> '' AND coalesce(s."label"::text, '') <> '' ` +
      `THEN coalesce(a1.p0, '') || coalesce(': ', '') || coalesce(s."label"::text, '') ` +
      `ELSE coalesce(a1.p0, '') || coalesce(' #', '') || coalesce(s."position"::text, '') END\n` +
      `    FROM (SELECT ${roomName('a2', 's')}::text AS p0 OFFSET 0) a1)`,
  },
  {
    model: 'extras.taggeditem',
    alias: 't',
    want:
      `(SELECT coalesce(a1.p0, '')\n    FROM (SELECT (SELECT a2."name" FROM "extras_tag" a2\n` +
      `    WHERE a2.id = t."tag_id")::text AS p0 OFFSET 0) a1)`,
  },
];

describe('displaySql', () => {
  it.each(cases)('$model as $alias', ({ model, alias, want }) => {
    expect(aliases(displaySql(registry, registry.model(model), alias))).toBe(want);
  });

  it('gives the same text for the same model and alias (it is cached)', () => {
    const shelf = registry.model('lib.shelf');
    expect(displaySql(registry, shelf, 'q')).toBe(displaySql(registry, shelf, 'q'));
  });
});

describe('pathExpr', () => {
  const book = registry.model('lib.book');
  it.each([
    { path: ['title'], want: 't."title"' },
    { path: ['address'], want: 'ip_with_mask(t."address")' },
    {
      path: ['shelf', 'room', 'name'],
      want:
        '(SELECT (SELECT a1."name" FROM "lib_room" a1\n    WHERE a1.id = a2."room_id") FROM "lib_shelf" a2\n' +
        '    WHERE a2.id = t."shelf_id")',
    },
    // through a reverse list: its first object in the list model's ordering (NetBox's .first())
    {
      path: ['notes', 'text'],
      want:
        `(SELECT a1."text" FROM "lib_note" a1\n    WHERE a1."subject_type" = 'lib.book' AND a1."subject_id" = t.id ` +
        'ORDER BY a1.id DESC LIMIT 1)',
    },
  ])('$path', ({ path, want }) => {
    expect(aliases(pathExpr(registry, book, 't', path))).toBe(want);
  });

  it('refuses a field the model does not have', () => {
    expect(() => pathExpr(registry, book, 't', ['nope'])).toThrow('lib.book: unknown field nope');
  });
});
