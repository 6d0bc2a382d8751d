/**
 * The rows a related list or a count reads (runtime/sql/reach.ts), given the library fixture: through a
 * many-to-many table, tags, a reverse list by a foreign key or a generic relation, and direct counts.
 */
import { describe, expect, it } from 'vitest';
import { countReach, listReach } from '../../../runtime/sql/reach.ts';
import { libraryRegistry } from '../fixtures/library.ts';

const registry = libraryRegistry();

const listCases = [
  {
    model: 'lib.book',
    field: 'co_authors',
    want: {
      target: 'lib.author',
      names: ['id', 'url', 'display', 'name'],
      from: '"lib_book_co_authors" l JOIN "lib_author" e ON e.id = l."author_id"',
      key: 'l."book_id"',
      and: '',
      // the author has no ordering of its own: by id
      order: 'e.id',
    },
  },
  {
    model: 'lib.book',
    field: 'tags',
    want: {
      target: 'extras.tag',
      names: ['id', 'url', 'display', 'name', 'slug'],
      from: 'extras_taggeditem l JOIN extras_tag e ON e.id = l.tag_id',
      key: 'l.object_id',
      and: `l."object_type" = 'lib.book' AND `,
      order: 'e."weight", e."name", e.id',
    },
  },
  {
    model: 'lib.book',
    field: 'notes',
    want: {
      target: 'lib.note',
      names: ['id', 'url', 'display'],
      from: '"lib_note" e',
      key: 'e."subject_id"',
      and: `e."subject_type" = 'lib.book' AND `,
      order: 'e.id DESC',
    },
  },
  // the shelf's ordering follows its room: the join comes with the list
  {
    model: 'lib.author',
    field: 'shelves',
    want: {
      target: 'lib.shelf',
      names: ['id', 'url', 'display', 'position'],
      from:
        '"lib_author_shelves" l JOIN "lib_shelf" e ON e.id = l."shelf_id" ' +
        'JOIN "lib_room" e_o1 ON e_o1.id = e."room_id"',
      key: 'l."author_id"',
      and: '',
      order: 'e_o1."name" COLLATE natural_sort, e."position" DESC, e.id',
    },
  },
  {
    model: 'lib.shelf',
    field: 'books',
    want: {
      target: 'lib.book',
      names: ['id', 'url', 'display', 'title'],
      from: '"lib_book" e',
      key: 'e."shelf_id"',
      and: '',
      order: 'e."title", e.id',
    },
  },
];

describe('listReach', () => {
  it.each(listCases)('$model.$field', ({ model, field, want }) => {
    const m = registry.model(model);
    const reach = listReach(registry, m, registry.field(m, field)!, 'e', 'l');
    expect(reach && { ...reach, target: reach.target.key }).toEqual(want);
  });

  it('is undefined for a field that lists nothing', () => {
    const book = registry.model('lib.book');
    expect(listReach(registry, book, registry.field(book, 'title')!, 'e', 'l')).toBeUndefined();
  });
});

describe('countReach', () => {
  it.each([
    { model: 'lib.room', field: 'shelf_count', want: { from: '"lib_shelf" x', key: 'x."room_id"', and: '' } },
    {
      model: 'lib.book',
      field: 'note_count',
      want: { from: '"lib_note" x', key: 'x."subject_id"', and: `x."subject_type" = 'lib.book' AND ` },
    },
    // through the many-to-many table: its rows are the count
    {
      model: 'lib.author',
      field: 'book_count',
      want: { from: '"lib_book_co_authors" x', key: 'x."author_id"', and: '' },
    },
  ])('$model.$field', ({ model, field, want }) => {
    const m = registry.model(model);
    const f = registry.fieldOf(m, field);
    const c = f.kind === 'computed' ? f.computed : undefined;
    if (c?.type !== 'count') throw new Error(`${field} is not a count`);
    expect(countReach(registry, m, c, 'x')).toEqual(want);
  });
});
