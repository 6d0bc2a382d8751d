/**
 * The catalogue normaliser (codegen/catalogue/normalize.ts), given the small fixture and edits of it:
 * ordering and display rules parsed, rules and uniques with NetBox's messages, and the reverse relations
 * it finds. Names and fields are normalize.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { normalizedSmall as normalized } from '../../helpers/small-catalogue.ts';

const catalogue = normalized();

describe('ordering', () => {
  it.each([
    { given: '[name]', want: [{ field: 'name', desc: false }] },
    {
      given: '["-count", name]',
      want: [
        { field: 'count', desc: true },
        { field: 'name', desc: false },
      ],
    },
    { given: '["shelf nulls_first by_id"]', want: [{ field: 'shelf', desc: false, nullsFirst: true, byId: true }] },
    { given: '["-size nulls_first"]', want: [{ field: 'size', desc: true, nullsFirst: true }] },
  ])('$given', ({ given, want }) => {
    expect(normalized(['ordering: [name]', `ordering: ${given}`]).models['shop.widget']!.ordering).toEqual(want);
  });

  it('of a tree is its tree order', () => {
    expect(catalogue.models['shop.shelf']!.ordering).toEqual([{ field: '_tree', desc: false }]);
  });
});

describe('display', () => {
  it.each([
    { given: '"{name}"', want: [[{ path: ['name'] }]] },
    {
      given: '"#{count} of {shelf.name|upper}!"',
      want: [
        [
          { text: '#' },
          { path: ['count'] },
          { text: ' of ' },
          { path: ['shelf', 'name'], filter: 'upper' },
          { text: '!' },
        ],
      ],
    },
    {
      given: '["{name} ({shelf.name})", "{name}"]',
      want: [[{ path: ['name'] }, { text: ' (' }, { path: ['shelf', 'name'] }, { text: ')' }], [{ path: ['name'] }]],
    },
  ])('$given', ({ given, want }) => {
    const c = normalized(['display: ["{name} ({shelf.name})", "{name}"]', `display: ${given}`]);
    expect(c.models['shop.widget']!.display).toEqual(want);
  });
});

describe('rules and uniques', () => {
  it('carry NetBox messages', () => {
    const widget = catalogue.models['shop.widget']!;
    expect(widget.uniques).toEqual([
      {
        fields: ['shelf', 'name'],
        nullsEqual: false,
        key: '__all__',
        message: 'Widget with this Shelf and Name already exists.',
      },
    ]);
    expect(widget.rules).toEqual([
      { type: 'requires', field: 'price', requires: 'count', message: 'Must specify count when price is set.' },
    ]);
    expect(catalogue.models['shop.shelf']!.uniques).toEqual([
      {
        fields: ['slug'],
        nullsEqual: false,
        key: 'slug',
        message: 'shelf with this slug already exists.',
        fieldLevel: true,
      },
    ]);
  });
});

describe('reverse relations', () => {
  it('list every reference to a model, sorted', () => {
    expect(catalogue.models['shop.shelf']!.reverse).toEqual([
      { model: 'shop.shelf', field: 'parent', column: 'parent_id', onDelete: 'cascade', kind: 'fk' },
      {
        model: 'shop.widget',
        field: 'related',
        column: 'shelf_id',
        onDelete: 'cascade',
        kind: 'm2m',
        through: { table: 'shop_widget_related', source: 'widget_id', target: 'shelf_id' },
      },
      { model: 'shop.widget', field: 'shelf', column: 'shelf_id', onDelete: 'protect', kind: 'fk' },
    ]);
    expect(catalogue.models['shop.widget']!.reverse).toEqual([]);
  });
});
