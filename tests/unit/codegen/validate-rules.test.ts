/**
 * The catalogue's rules (codegen/catalogue/validate.ts), each by its name, given an edit of the small fixture:
 * the rule alone finds the fault the edit makes, at its YAML path; every rule has its case here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../../../codegen/catalogue/load.ts';
import { catalogueRules, checked } from '../../../codegen/catalogue/validate.ts';

const small = readFileSync('tests/codegen/fixtures/small/shop.yaml', 'utf8');
const widget = 'shop.yaml: models.widget';
const shelf = 'shop.yaml: models.shelf';
/** where a key of the widget model is added */
const end = '    ordering: [name]\n';
const add = (text: string): [string, string] => [end, `${end}${text}`];
const re = (text: string) => expect.stringMatching(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

const cases: { rule: string; given: [string, string]; want: unknown[] }[] = [
  {
    rule: 'stored keys',
    given: add('    keys:\n      _shelf_name: {copy: shelf.nme}\n'),
    want: [`${widget}.keys._shelf_name: "nme" is not a stored field of shop.shelf`],
  },
  {
    rule: 'field names',
    given: ['notes: {type: text}', 'created: {type: text}'],
    want: [`${widget}.fields.created: "created" is provided by every model and cannot be declared`],
  },
  {
    rule: 'field references',
    given: ['related: {type: m2m, to: shop.shelf}', 'related: {type: m2m, to: shop.shelve}'],
    want: [`${widget}.fields.related: unknown model "shop.shelve"`],
  },
  {
    rule: 'computed kind',
    given: add('    computed:\n      both: {count: shop.widget.shelf, copy: display}\n'),
    want: [re(`${widget}.computed.both: give exactly one of count, `)],
  },
  {
    rule: 'config contexts',
    given: add('    computed:\n      ctx: {config_context: {contexts: shop.nothing, match: {}}}\n'),
    want: [`${widget}.computed.ctx.contexts: unknown model "shop.nothing"`],
  },
  {
    rule: 'counted relations',
    given: add('    computed:\n      n: {count: shop.widget.name}\n'),
    want: [`${widget}.computed.n: "name" on shop.widget is not a relation`],
  },
  {
    rule: 'computed expressions',
    given: add('    computed:\n      x: {same_as: nme}\n'),
    want: [re(`${widget}.computed.x`)],
  },
  {
    rule: 'ip depth and children',
    given: add('    computed:\n      d: {ip_depth: name, vrf: shelf}\n'),
    want: [`${widget}.computed.d: "name" is not an IP field`],
  },
  {
    rule: 'unique paths',
    given: ['path: widgets', 'path: shelves'],
    want: [`${widget}.path: "shelves" is already used by shop.shelf`],
  },
  {
    rule: 'field lists',
    given: ['ordering: [name]', 'ordering: [nmae]'],
    want: [`${widget}.ordering: unknown field "nmae"`],
  },
  {
    rule: 'trees',
    given: ['parent: {type: fk, to: shop.shelf, nullable: true', 'parent: {type: fk, to: shop.widget, nullable: true'],
    want: [`${shelf}.fields.parent: a tree model needs a "parent" foreign key to itself`],
  },
  {
    rule: 'unique together',
    given: ['- {fields: [shelf, name]}', '- {fields: [shelf, nam]}'],
    want: [`${widget}.unique_together.0: unknown field "nam"`],
  },
  {
    rule: 'rules',
    given: ['- {requires: [price, count]}', '- {requires: [price, cont]}'],
    want: [`${widget}.rules.0: unknown field "cont" on shop.widget`],
  },
  {
    rule: 'templates and totals',
    given: add('    template_of: shop.nothing\n'),
    want: [`${widget}.template_of: unknown model "shop.nothing"`],
  },
  {
    rule: 'instantiates',
    given: add('    instantiates: {type: name}\n'),
    want: [`${widget}.instantiates.type: "name" is not a foreign key of shop.widget`],
  },
  {
    rule: 'actions',
    given: add('    actions:\n      free: {op: available_ips, creates: shop.nothing, vrf: shelf}\n'),
    want: [`${widget}.actions.free.creates: unknown model "shop.nothing"`],
  },
  {
    rule: 'filters',
    given: add('    filters:\n      f: {from: shop.nothing.shelf}\n'),
    want: [`${widget}.filters.f.from: unknown model in "shop.nothing.shelf"`],
  },
  {
    rule: 'aliases',
    given: add('    aliases:\n      nm: {field: nope, reason: a test}\n'),
    want: [`${widget}.aliases.nm: unknown field "nope"`],
  },
  {
    rule: 'display',
    given: ['display: "{name}"', 'display: "{nme}"'],
    want: [`${shelf}.display: unknown field "nme" on shop.shelf`],
  },
  {
    rule: 'features',
    given: ['features: []', 'features: [tags]'],
    want: ['extras.tag', 'extras.taggeditem'].map(
      (m) => `${shelf}.features: "tags" needs the model ${m} in the catalogue`,
    ),
  },
  {
    rule: 'object types',
    given: [
      '    brief: [id, url, display, name, _depth]\n',
      '    brief: [id, url, display, name, _depth]\n    object_type: {id: 2, features: [netbox]}\n',
    ],
    want: [`${shelf}.object_type.id: 2 is already the id of NetBox's extras.script (known-object-types.ts)`],
  },
  {
    rule: 'graphql fields',
    given: add('    graphql:\n      unions: {shelf: ShelfUnionType}\n      related_names: {name: widgets}\n'),
    want: [
      `${widget}.graphql.unions.shelf: "shelf" is not a generic relation`,
      `${widget}.graphql.related_names.name: "name" is not a relation`,
    ],
  },
  {
    rule: 'graphql filters',
    given: add(
      [
        '    graphql:',
        '      filters:',
        '        shelves: {reverse: shop.shelf.name}',
        '        kind: {type: ID, values: {A: a}}',
        '',
      ].join('\n'),
    ),
    want: [
      `${widget}.graphql.filters.shelves.reverse: "shop.shelf.name" is not a relation of the catalogue`,
      `${widget}.graphql.filters.kind.values: only an enum type (\`…Enum\`) has values`,
    ],
  },
  {
    rule: 'graphql roots',
    given: [
      '    brief: [id, url, display, name, _depth]\n',
      '    brief: [id, url, display, name, _depth]\n    graphql: {hidden: true, root: shelves}\n',
    ],
    want: [`${shelf}.graphql: a hidden model has no GraphQL names (root)`],
  },
];

describe('each rule of the catalogue', () => {
  const rule = (name: string) => catalogueRules.find((r) => r.name === name);

  it('has its case, and the fixture breaks none', () => {
    expect(catalogueRules.map((r) => r.name).sort()).toEqual(cases.map((c) => c.rule).sort());
    const c = checked(parseCatalogue({ 'shop.yaml': small }));
    expect(catalogueRules.flatMap((r) => r.check(c))).toEqual([]);
  });

  it.each(cases)('$rule', ({ rule: name, given: [from, to], want }) => {
    expect(small, `the fixture has ${from}`).toContain(from);
    const c = checked(parseCatalogue({ 'shop.yaml': small.replace(from, to) }));
    expect(rule(name)?.check(c)).toEqual(want);
  });
});
