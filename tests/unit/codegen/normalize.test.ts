/**
 * The catalogue normaliser (codegen/catalogue/normalize.ts), given the small fixture and edits of it: the
 * names it derives, each field's defaults by kind, the envelope fields around the declared ones and
 * many-to-many tables. Ordering, display, rules and reverse relations are normalize-rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { formModel, type Catalogue, type FieldDef } from '../../../runtime/catalogue/index.ts';
import { normalizedSmall as normalized } from '../../helpers/small-catalogue.ts';

const catalogue = normalized();
const field = (model: string, name: string): FieldDef => catalogue.models[model]!.fields.find((f) => f.name === name)!;

describe('names', () => {
  it.each([
    {
      model: 'shop.shelf',
      want: {
        table: 'shop_shelf',
        sequence: 'shop_shelf_id_seq',
        apiPath: 'shop/shelves',
        className: 'Shelf',
        verboseName: 'shelf',
        // Django's default plural: the verbose name and an s
        verboseNamePlural: 'shelfs',
        naturalKey: 'slug',
        search: ['name', 'slug'],
        nested: ['id', 'url', 'display', 'name', '_depth'],
      },
    },
    {
      model: 'shop.widget',
      want: {
        table: 'shop_widget',
        sequence: 'shop_widget_id_seq',
        apiPath: 'shop/widgets',
        className: 'Widget',
        verboseName: 'widget',
        verboseNamePlural: 'widgets',
        naturalKey: undefined,
        search: ['name'],
        nested: ['id', 'url', 'display', 'name'],
      },
    },
  ])('$model', ({ model, want }) => {
    const m = catalogue.models[model]!;
    const got = Object.fromEntries(Object.keys(want).map((k) => [k, m[k as keyof typeof m]]));
    expect(got).toEqual(want);
  });

  it('lists the apps with their models, and the choice sets with typed values', () => {
    expect(catalogue.apps).toEqual([
      { name: 'shop', label: 'Shop', apiPath: 'shop', models: ['shop.shelf', 'shop.widget'] },
    ]);
    expect(catalogue.choices.size).toEqual([
      { value: 1, label: 'Small' },
      { value: 2, label: 'Large' },
    ]);
  });
});

describe('fields', () => {
  it('wrap the declared fields in the envelope: id, url, display_url, display first, timestamps after', () => {
    expect(catalogue.models['shop.shelf']!.fields.map((f) => f.name)).toEqual([
      'id',
      'url',
      'display_url',
      'display',
      'name',
      'slug',
      'parent',
      'created',
      'last_updated',
      '_depth',
    ]);
  });

  const base = { required: false, readOnly: false, writeOnly: false, unique: false, blank: false };
  it.each([
    {
      name: 'name',
      want: { ...base, kind: 'string', column: 'name', label: 'Name', required: true, nullable: false, maxLength: 100 },
    },
    {
      name: 'status',
      want: {
        ...base,
        kind: 'choice',
        column: 'status',
        label: 'Status',
        nullable: false,
        default: 'active',
        choices: 'widget_status',
      },
    },
    // a foreign key's column is <name>_id; required, it has no default
    {
      name: 'shelf',
      want: {
        ...base,
        kind: 'fk',
        column: 'shelf_id',
        label: 'Shelf',
        required: true,
        nullable: false,
        to: 'shop.shelf',
        onDelete: 'protect',
      },
    },
    // nullable kinds default to null, booleans to false, text to "" (and may be blank), lists to []
    {
      name: 'price',
      want: {
        ...base,
        kind: 'decimal',
        column: 'price',
        label: 'Price',
        nullable: true,
        default: null,
        maxDigits: 6,
        decimalPlaces: 2,
      },
    },
    {
      name: 'in_stock',
      want: { ...base, kind: 'boolean', column: 'in_stock', label: 'In stock', nullable: false, default: false },
    },
    {
      name: 'notes',
      want: { ...base, kind: 'text', column: 'notes', label: 'Notes', nullable: false, blank: true, default: '' },
    },
    {
      name: 'kinds',
      want: { ...base, kind: 'list', column: 'kinds', label: 'Kinds', nullable: false, default: [], item: 'string' },
    },
    // a many-to-many field has a table of its own and no column
    {
      name: 'related',
      want: {
        ...base,
        kind: 'm2m',
        label: 'Related',
        nullable: false,
        default: [],
        to: 'shop.shelf',
        writeIds: true,
        through: { table: 'shop_widget_related', source: 'widget_id', target: 'shelf_id' },
      },
    },
  ])('widget.$name', ({ name, want }) => {
    expect(field('shop.widget', name)).toEqual({ name, ...want });
  });

  it('name both columns of a many-to-many table to the same model from_ and to_', () => {
    const self = normalized(['related: {type: m2m, to: shop.shelf}', 'related: {type: m2m, to: shop.widget}']);
    expect(self.models['shop.widget']!.fields.find((f) => f.name === 'related')).toMatchObject({
      through: { table: 'shop_widget_related', source: 'from_widget_id', target: 'to_widget_id' },
    });
  });

  it('leave out the timestamps a model does not keep', () => {
    const names = (c: Catalogue) => c.models['shop.widget']!.fields.map((f) => f.name).slice(-2);
    expect(names(normalized(['ordering: [name]', 'ordering: [name]\n    timestamps: created']))).toEqual([
      'kinds',
      'created',
    ]);
    expect(names(normalized(['ordering: [name]', 'ordering: [name]\n    timestamps: false']))).toEqual([
      'related',
      'kinds',
    ]);
  });

  it('keep unlisted timestamps, marked so', () => {
    const unlisted = normalized(['ordering: [name]', 'ordering: [name]\n    timestamps: unlisted']);
    const stamps = unlisted.models['shop.widget']!.fields.filter(
      (f) => f.name === 'created' || f.name === 'last_updated' || f.name === 'seen',
    );
    expect(stamps.map((f) => [f.name, f.unlisted])).toEqual([
      ['seen', undefined],
      ['created', true],
      ['last_updated', true],
    ]);
  });

  it("carry a nested list's forms of their own, which formModel gives the target's fields", () => {
    const c = normalized([
      'shelf: {type: fk, to: shop.shelf, required: true, on_delete: protect}',
      'shelf: {type: fk, to: shop.shelf, required: true, on_delete: protect, nested: [id, {parent: [id, name]}, name]}',
    ]);
    const shelf = c.models['shop.widget']!.fields.find((f) => f.name === 'shelf')!;
    expect(shelf).toMatchObject({ nested: ['id', 'parent', 'name'], forms: { parent: { nested: ['id', 'name'] } } });
    const target = c.models['shop.shelf']!;
    const formed = formModel(target, shelf);
    expect(formed.key).toBe('shop.shelf');
    expect(formed.fields.find((f) => f.name === 'parent')).toMatchObject({ nested: ['id', 'name'], readOnly: true });
    expect(formed.fields.find((f) => f.name === 'name')).toBe(target.fields.find((f) => f.name === 'name'));
    expect(formModel(target, field('shop.widget', 'shelf'))).toBe(target);
  });
});
