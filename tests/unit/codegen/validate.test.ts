/**
 * Catalogue validation (codegen/catalogue/validate.ts), given edits of the small fixture: each fault is
 * named by its YAML path, and every fault of a catalogue is reported at once. The project catalogue's own
 * faults are checked in tests/codegen/catalogue.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueFaults } from '../../helpers/catalogue-faults.ts';

const small = readFileSync('tests/codegen/fixtures/small/shop.yaml', 'utf8');
const widget = 'shop.yaml: models.widget';
const shelf = 'shop.yaml: models.shelf';

function faultsOf(...edits: [string, string][]): string[] {
  let text = small;
  for (const [from, to] of edits) {
    expect(text, `the fixture has ${from}`).toContain(from);
    text = text.replace(from, to);
  }
  return catalogueFaults({ 'shop.yaml': text });
}

const cases: { given: [string, string]; want: string }[] = [
  {
    given: ['related: {type: m2m, to: shop.shelf}', 'related: {type: m2m, to: shop.shelve}'],
    want: `${widget}.fields.related: unknown model "shop.shelve"`,
  },
  {
    given: [
      'status: {type: choice, choices: widget_status, default: active}',
      'status: {type: choice, choices: widget_status, default: gone}',
    ],
    want: `${widget}.fields.status.default: "gone" is not in choice set "widget_status"`,
  },
  { given: ['display: "{name}"', 'display: "{nme}"'], want: `${shelf}.display: unknown field "nme" on shop.shelf` },
  { given: ['display: "{name}"', 'display: "{name|shout}"'], want: `${shelf}.display: unknown display filter "shout"` },
  { given: ['display: "{name}"', 'display: "plain"'], want: `${shelf}.display: "plain" names no field` },
  { given: ['ordering: [name]', 'ordering: [nmae]'], want: `${widget}.ordering: unknown field "nmae"` },
  // stored keys (runtime/catalogue/keys.ts), which the ordering may name
  {
    given: ['ordering: [name]', 'keys: {_kinds: {naturalize_interface: kinds}}\n    ordering: [shelf, _kinds]'],
    want: `${widget}.keys._kinds: "kinds" is not a string field`,
  },
  {
    given: ['ordering: [name]', 'keys: {_shelf: {copy: price.name}}\n    ordering: [name]'],
    want: `${widget}.keys._shelf: "price.name" is not <foreign key>.<field>`,
  },
  {
    given: ['ordering: [name]', 'keys: {_shelf: {copy: shelf.nme}}\n    ordering: [name]'],
    want: `${widget}.keys._shelf: "nme" is not a stored field of shop.shelf`,
  },
  {
    given: ['- {fields: [shelf, name]}', '- {fields: [shelf, nam]}'],
    want: `${widget}.unique_together.0: unknown field "nam"`,
  },
  {
    given: ['- {requires: [price, count]}', '- {requires: [price, cont]}'],
    want: `${widget}.rules.0: unknown field "cont" on shop.widget`,
  },
  {
    // what a type needs is the schema's (schema-fields.ts), checked as the file is read
    given: ['kinds: {type: list, item: string}', 'kinds: {type: list}'],
    want: `${widget}.fields.kinds: needs "item"`,
  },
  { given: ['path: widgets', 'path: shelves'], want: `${widget}.path: "shelves" is already used by shop.shelf` },
  {
    given: [
      '- {requires: [price, count]}',
      '- {check: lag, args: {field: shelf, device: shelf, type: name, virtual_type: virtual}}',
    ],
    want: `${widget}.rules.0.args.lag_type: required`,
  },
  {
    given: [
      '- {requires: [price, count]}',
      '- {check: keeps_primary_ip, args: {assigned: shelf, holders: [shop.shelf.nope], parents: []}}',
    ],
    want: `${widget}.rules.0.args.holders: unknown field "shop.shelf.nope"`,
  },
  {
    given: [
      '- {requires: [price, count]}',
      '- {check: rack_space, args: {rack: shelf, position: nowhere, face: name, type: shelf, height: h, ' +
        'full_depth: d, rack_height: h, starting_unit: s}}',
    ],
    want: `${widget}.rules.0.args.position: unknown field "nowhere" of shop.widget`,
  },
  ...(
    [
      ['[id, {name: plain}]', 'name: only a choice, a foreign key or a cable can be plain'],
      ['[id, {name: [id]}]', 'name: only a relation has a form of its own'],
      ['[id, {parent: [id, nme]}]', 'parent: unknown field "nme" on shop.shelf'],
    ] as const
  ).map(([nested, fault]) => ({
    given: [
      'shelf: {type: fk, to: shop.shelf, required: true, on_delete: protect}',
      `shelf: {type: fk, to: shop.shelf, required: true, on_delete: protect, nested: ${nested}}`,
    ] as [string, string],
    want: `${widget}.fields.shelf.nested.${fault}`,
  })),
];

describe('catalogue validation of the fixture', () => {
  it('accepts the fixture as it is', () => {
    expect(faultsOf()).toEqual([]);
  });

  it('accepts stored keys, and an ordering that names them', () => {
    const keys = 'keys: {_name: {naturalize_interface: name}, _shelf_name: {copy: shelf.name}}';
    expect(faultsOf(['ordering: [name]', `${keys}\n    ordering: [shelf, _name]`])).toEqual([]);
    expect(faultsOf(['ordering: [name]', `${keys}\n    ordering: [shelf, _nme]`])).toEqual([
      `${widget}.ordering: unknown field "_nme"`,
    ]);
  });

  it.each(cases)('$want', ({ given, want }) => {
    expect(faultsOf(given)).toEqual([want]);
  });

  it('reports the faults of every model at once', () => {
    // four faults in as many places (the first three cases, and the ordering's)
    const four = [...cases.slice(0, 3), ...cases.slice(5, 6)];
    const faults = faultsOf(...four.map((c) => c.given));
    expect(faults.sort()).toEqual(four.map((c) => c.want).sort());
  });
});
