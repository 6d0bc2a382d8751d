/**
 * Query string → WHERE clause and its parameters (runtime/filters/), given the library fixture: string,
 * choice, number, date, address, content-type and count filters with their lookups, negations that keep
 * null rows, a filter reached through a relation, `q`, and the 400s for unknown filters and bad values.
 * Filters that look rows up first (related objects by id or slug, tags) need the database: tests/api/.
 */
import { describe, expect, it } from 'vitest';
import { Params } from '../../../runtime/db/index.ts';
import { ServiceError } from '../../../runtime/errors/index.ts';
import { buildWhere } from '../../../runtime/filters/index.ts';
import { libraryRegistry, unreachable } from '../fixtures/library.ts';

const registry = libraryRegistry();

async function where(model: string, query: string, strict = true): Promise<{ sql: string; values: unknown[] }> {
  const params = new Params();
  const sql = await buildWhere(
    { db: unreachable, registry, params },
    registry.model(model),
    new URLSearchParams(query),
    {
      strict,
    },
  );
  return { sql, values: params.values };
}

async function refusal(model: string, query: string): Promise<unknown> {
  try {
    await where(model, query);
  } catch (e) {
    if (e instanceof ServiceError && e.kind === 'invalid') return e.body;
    throw e;
  }
  throw new Error(`${query} was accepted`);
}

/** A count filter's correlated count (runtime/sql/count-sql.ts's), `typed` the condition on a generic's type. */
const count = (table: string, column: string, typed = '') =>
  `(SELECT count(*)::int FROM "${table}" t_n1 WHERE ${typed}t_n1."${column}" = t.id)`;

const cases: { given: string; want: { sql: string; values: unknown[] } }[] = [
  { given: '', want: { sql: 'TRUE', values: [] } },
  // parameters that shape the page are not filters
  { given: 'limit=5&offset=10&ordering=title&brief=1', want: { sql: 'TRUE', values: [] } },
  // repeated values OR in one array; `null` is IS NULL
  { given: 'title=Dune&title=Emma', want: { sql: '(t."title"::text = ANY($1::text[]))', values: [['Dune', 'Emma']] } },
  { given: 'title=null', want: { sql: '(t."title" IS NULL)', values: [] } },
  {
    given: 'title=Dune&title=null',
    want: { sql: '(t."title"::text = ANY($1::text[]) OR t."title" IS NULL)', values: [['Dune']] },
  },
  // LIKE wildcards in a value match literally
  { given: 'title__ic=50%_off', want: { sql: '(t."title"::text ILIKE $1)', values: ['%50\\%\\_off%'] } },
  { given: 'title__isw=Du', want: { sql: '(t."title"::text ILIKE $1)', values: ['Du%'] } },
  { given: 'title__iew=ne', want: { sql: '(t."title"::text ILIKE $1)', values: ['%ne'] } },
  { given: 'title__ie=DUNE', want: { sql: '(lower(t."title"::text) = lower($1))', values: ['DUNE'] } },
  {
    given: 'title__regex=^D&title__iregex=e$',
    want: { sql: '(t."title"::text ~ $1) AND (t."title"::text ~* $2)', values: ['^D', 'e$'] },
  },
  // a negated lookup excludes what the positive one matches, and keeps rows whose value is null
  { given: 'title__nic=x', want: { sql: 'NOT coalesce((t."title"::text ILIKE $1), false)', values: ['%x%'] } },
  { given: 'title__empty=true', want: { sql: `((t."title" IS NULL OR t."title"::text = ''))`, values: [] } },
  { given: 'title__empty=0', want: { sql: `((t."title" IS NOT NULL AND t."title"::text <> ''))`, values: [] } },
  { given: 'status=draft', want: { sql: '(t."status"::text = ANY($1::text[]))', values: [['draft']] } },
  {
    given: 'status__n=draft',
    want: { sql: 'NOT coalesce((t."status"::text = ANY($1::text[])), false)', values: [['draft']] },
  },
  { given: 'pages=3&pages=4', want: { sql: '(t."pages" = ANY($1::bigint[]))', values: [[3, 4]] } },
  { given: 'pages__gt=3', want: { sql: '(t."pages" > $1::bigint)', values: [3] } },
  {
    given: 'pages__lte=9&pages__lte=7',
    want: { sql: '(t."pages" <= $1::bigint OR t."pages" <= $2::bigint)', values: [9, 7] },
  },
  { given: 'pages__empty=false', want: { sql: '(t."pages" IS NOT NULL)', values: [] } },
  { given: 'id=1&id=2', want: { sql: '(t."id" = ANY($1::bigint[]))', values: [[1, 2]] } },
  { given: 'printed__gte=2024-02-29', want: { sql: '(t."printed" >= $1::date)', values: ['2024-02-29'] } },
  {
    given: 'created__lt=2024-01-01T00:00:00Z',
    want: { sql: '(t."created" < $1::timestamptz)', values: ['2024-01-01T00:00:00Z'] },
  },
  // an address without a mask matches its host, with one the whole value
  { given: 'address=10.0.0.1', want: { sql: '(host(t."address") = $1)', values: ['10.0.0.1'] } },
  { given: 'address=10.0.0.1/24', want: { sql: '(t."address" = $1::inet)', values: ['10.0.0.1/24'] } },
  { given: 'kind=lib.note', want: { sql: '(t."kind"::text = ANY($1::text[]))', values: [['lib.note']] } },
  // NetBox's content-type filter ignores __n
  { given: 'kind__n=lib.note', want: { sql: '(t."kind"::text = ANY($1::text[]))', values: [['lib.note']] } },
  // counts: a correlated count compared like a number; a generic relation counts only rows pointing here
  {
    given: 'note_count__gt=2',
    want: {
      sql: `(${count('lib_note', 'subject_id', `t_n1."subject_type" = 'lib.book' AND `)} > $1::bigint)`,
      values: [2],
    },
  },
  { given: 'note_count__empty=true', want: { sql: '(FALSE)', values: [] } },
  // a filter reached through a relation: each hop an IN over the related table
  {
    given: 'shelf_position=3',
    want: {
      sql: '(t."shelf_id" IN (SELECT f1.id\n    FROM "lib_shelf" f1 WHERE f1."position" = ANY($1::bigint[])))',
      values: [[3]],
    },
  },
  // q: the model's search fields, each compared as its kind is
  {
    given: 'q=12',
    want: {
      sql: '(t."title"::text ILIKE $1 OR t."pages" = $2 OR ip_with_mask(t."address") ILIKE $3)',
      values: ['%12%', 12, '12%'],
    },
  },
  {
    given: 'q= du_ ',
    want: { sql: '(t."title"::text ILIKE $1 OR ip_with_mask(t."address") ILIKE $2)', values: ['%du\\_%', 'du\\_%'] },
  },
  { given: 'q=', want: { sql: 'TRUE', values: [] } },
  // several parameters AND, numbered in order
  {
    given: 'title=a&pages__gt=1',
    want: { sql: '(t."title"::text = ANY($1::text[])) AND (t."pages" > $2::bigint)', values: [['a'], 1] },
  },
];

describe('buildWhere on books', () => {
  it.each(cases)('"$given"', async ({ given, want }) => {
    expect(await where('lib.book', given)).toEqual(want);
  });

  it('counts the rows of a foreign key', async () => {
    expect(await where('lib.room', 'shelf_count=0')).toEqual({
      sql: `(${count('lib_shelf', 'room_id')} = ANY($1::bigint[]))`,
      values: [[0]],
    });
  });
});

describe('refused filters (400, every one named at once)', () => {
  it.each([
    { given: 'nope=1', want: { nope: ['Unknown filter: "nope" is not a filter of books.'] } },
    {
      given: 'pages__xx=1',
      want: { pages__xx: ['Unsupported lookup "xx" for filter "pages"; allowed: n, lt, lte, gt, gte, empty.'] },
    },
    { given: 'status=lost', want: { status: ['Select a valid choice. lost is not one of the available choices.'] } },
    { given: 'pages__lte=x', want: { pages__lte: ['Enter a whole number.'] } },
    { given: 'printed=2023-02-29', want: { printed: ['Enter a valid date.'] } },
    { given: 'address=10.0.0.1/33', want: { address: ['Invalid mask length: 10.0.0.1/33'] } },
    { given: 'kind=lib.nothing', want: { kind: ['Invalid content type: lib.nothing'] } },
    { given: 'title=a%00b', want: { title: ['Null characters are not allowed.'] } },
    {
      given: 'nope=1&pages=x',
      want: { nope: ['Unknown filter: "nope" is not a filter of books.'], pages: ['Enter a whole number.'] },
    },
  ])('"$given"', async ({ given, want }) => {
    expect(await refusal('lib.book', given)).toEqual(want);
  });

  it('passes over unknown filters when not strict', async () => {
    expect(await where('lib.book', 'nope=1&pages__xx=2&title=a', false)).toEqual({
      sql: '(t."title"::text = ANY($1::text[]))',
      values: [['a']],
    });
  });
});
