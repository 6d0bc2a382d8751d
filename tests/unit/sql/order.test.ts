/**
 * ORDER BY as Django orders (runtime/sql/order.ts), given terms of the library fixture: a relation by the
 * related model's own ordering (inner joins while every relation is required, left joins after a nullable
 * one), descending terms flipping the related ordering, natural sort, object types by their id, computed
 * expressions, stored keys (a related row's name kept on the row instead of the join), and the id that
 * always breaks ties.
 */
import { describe, expect, it } from 'vitest';
import type { OrderTerm } from '../../../runtime/catalogue/index.ts';
import { orderPlan } from '../../../runtime/sql/order.ts';
import { libraryRegistry } from '../fixtures/library.ts';

const registry = libraryRegistry();

/** Terms in the catalogue's notation: `-field` descending, then flags `nulls_first`, `by_id`. */
function terms(list: string): OrderTerm[] {
  return list.split(',').map((t) => {
    const [name, ...flags] = t.trim().split(' ') as [string, ...string[]];
    const desc = name.startsWith('-');
    return {
      field: desc ? name.slice(1) : name,
      desc,
      ...(flags.includes('nulls_first') ? { nullsFirst: true } : {}),
      ...(flags.includes('by_id') ? { byId: true } : {}),
    };
  });
}

const shelfJoins = ' JOIN "lib_shelf" t_o1 ON t_o1.id = t."shelf_id" JOIN "lib_room" t_o2 ON t_o2.id = t_o1."room_id"';
const objectTypeId = `(SELECT o.id FROM public.core_objecttype o
          WHERE o.app_label = split_part(t."kind", '.', 1) AND o.model = split_part(t."kind", '.', 2))`;

const cases: { model: string; given: string; want: { joins: string; order: string } }[] = [
  { model: 'lib.book', given: 'title', want: { joins: '', order: 't."title", t.id' } },
  { model: 'lib.book', given: '-title', want: { joins: '', order: 't."title" DESC, t.id' } },
  // a natural_sort column sorts with NetBox's collation
  { model: 'lib.room', given: 'name', want: { joins: '', order: 't."name" COLLATE natural_sort, t.id' } },
  // the id is a term of its own: no second id at the end
  { model: 'lib.book', given: 'id', want: { joins: '', order: 't.id' } },
  { model: 'lib.book', given: 'nope, -id', want: { joins: '', order: 't.id DESC' } },
  { model: 'lib.book', given: 'pages nulls_first', want: { joins: '', order: 't."pages" NULLS FIRST, t.id' } },
  // a required relation: joined, ordered by the shelf's ordering, which orders by its room's (two hops)
  {
    model: 'lib.book',
    given: 'shelf',
    want: { joins: shelfJoins, order: 't_o2."name" COLLATE natural_sort, t_o1."position" DESC, t.id' },
  },
  // descending flips every term of the related ordering
  {
    model: 'lib.book',
    given: '-shelf',
    want: { joins: shelfJoins, order: 't_o2."name" COLLATE natural_sort DESC, t_o1."position", t.id' },
  },
  // a nullable relation: a left join, so books without an editor stay in the list
  {
    model: 'lib.book',
    given: 'editor',
    want: {
      joins: ' LEFT JOIN "lib_room" t_o1 ON t_o1.id = t."editor_id"',
      order: 't_o1."name" COLLATE natural_sort, t.id',
    },
  },
  // by_id, and a related model without an ordering: the column itself
  { model: 'lib.book', given: 'editor by_id', want: { joins: '', order: 't."editor_id", t.id' } },
  { model: 'lib.book', given: 'author', want: { joins: '', order: 't."author_id", t.id' } },
  // a content type orders by its object type's id, as Django orders the foreign key
  { model: 'lib.book', given: 'kind', want: { joins: '', order: `${objectTypeId}, t.id` } },
  // a computed expression: bare at the row, over a copy of the row once other tables are joined
  { model: 'lib.book', given: 'family', want: { joins: '', order: '(family(address)), t.id' } },
  {
    model: 'lib.book',
    given: 'shelf, -family',
    want: {
      joins: shelfJoins,
      order:
        't_o2."name" COLLATE natural_sort, t_o1."position" DESC, ' +
        '(SELECT (family(address)) FROM (SELECT t.*) AS t) DESC, t.id',
    },
  },
  // stored keys: the reader's name kept on the card and its id, then the naturalized code compared as bytes
  {
    model: 'lib.card',
    given: 'reader, _code',
    want: { joins: '', order: 't."_reader_name" COLLATE natural_sort, t."reader_id", t."_code" COLLATE "C", t.id' },
  },
  {
    model: 'lib.card',
    given: '-reader, -_code',
    want: {
      joins: '',
      order: 't."_reader_name" COLLATE natural_sort DESC, t."reader_id" DESC, t."_code" COLLATE "C" DESC, t.id',
    },
  },
  // by its id, the copy is not needed
  { model: 'lib.card', given: 'reader by_id', want: { joins: '', order: 't."reader_id", t.id' } },
];

describe('orderPlan', () => {
  it.each(cases)('$model ordered by "$given"', ({ model, given, want }) => {
    expect(orderPlan(registry, registry.model(model), terms(given))).toEqual(want);
  });

  it('names its joins after the alias it is given', () => {
    const plan = orderPlan(registry, registry.model('lib.shelf'), terms('room'), 'x');
    expect(plan).toEqual({
      joins: ' JOIN "lib_room" x_o1 ON x_o1.id = x."room_id"',
      order: 'x_o1."name" COLLATE natural_sort, x.id',
    });
  });
});
