/**
 * The wire order (codegen/catalogue/order.ts): the default order with `after:` placements, each name placed
 * right after its anchor, the names placed after one anchor in their default order and each followed at once
 * by its own (depth first); a generic relation moves as one; an unknown name or a cycle is a fault named by
 * its YAML path.
 */
import { describe, expect, it } from 'vitest';
import { CatalogueError, parseCatalogue } from '../../../codegen/catalogue/load.ts';
import { normalizeCatalogue } from '../../../codegen/catalogue/normalize.ts';
import { placeFields, type Placement } from '../../../codegen/catalogue/order.ts';
import { validateCatalogue } from '../../../codegen/catalogue/validate.ts';

const placed = (names: string, after: Record<string, string>): string =>
  placeFields(
    names.split(' ').map((name) => ({ name })),
    new Map<string, Placement>(Object.entries(after).map(([n, a]) => [n, { after: a, at: `x.${n}.after` }])),
  )
    .map((f) => f.name)
    .join(' ');

describe('placeFields', () => {
  it.each([
    { name: 'nothing placed: the default order', given: ['a b c d', {}], want: 'a b c d' },
    { name: 'one name after another', given: ['a b c d', { d: 'a' }], want: 'a d b c' },
    { name: 'after the last: to the end', given: ['a b c d', { a: 'd' }], want: 'b c d a' },
    {
      name: 'names after one anchor keep their default order',
      given: ['a b c d', { d: 'a', c: 'a' }],
      want: 'a c d b',
    },
    { name: 'a chain, depth first', given: ['a b c d e', { e: 'a', d: 'e', b: 'd' }], want: 'a e d b c' },
    {
      name: 'depth first among siblings: each followed by its own before the next',
      given: ['a b c d e', { c: 'a', e: 'a', b: 'c' }],
      want: 'a c b e d',
    },
  ] as { name: string; given: [string, Record<string, string>]; want: string }[])('$name', ({ given, want }) => {
    expect(placed(...given)).toBe(want);
  });

  it.each([
    { name: 'an unknown anchor', given: ['a b', { b: 'z' }], want: ['x.b.after: unknown field "z"'] },
    { name: 'an unknown name', given: ['a b', { z: 'a' }], want: ['x.z.after: unknown field "z"'] },
    { name: 'a name after itself', given: ['a b', { b: 'b' }], want: ['x.b.after: "b" after "b" is a cycle'] },
    {
      name: 'a cycle, once however many names it has',
      given: ['a b c d', { b: 'c', c: 'd', d: 'b' }],
      want: ['x.b.after: "b" after "c" after "d" after "b" is a cycle'],
    },
  ] as { name: string; given: [string, Record<string, string>]; want: string[] }[])(
    'faults: $name',
    ({ given, want }) => {
      try {
        placed(...given);
        expect.unreachable();
      } catch (e) {
        expect((e as CatalogueError).faults).toEqual(want);
      }
    },
  );
});

const shop = (lines: string) => `
models:
  thing:
    class: Thing
    path: things
    features: [tags]
    display: "{name}"
    fields:
      name: {type: string, max_length: 50}
      size: {type: integer}
      owner: {type: generic, types: [shop.thing], nullable: true}
${lines}`;
const tag = `models:
  tag:
    class: Tag
    path: tags
    display: "{name}"
    fields:
      name: {type: string, max_length: 50}
  taggeditem:
    class: TaggedItem
    path: tagged-items
    display: "{id}"
    fields:
      object: {type: generic, types_with_feature: tags, required: true, on_delete: cascade}
      tag: {type: fk, to: extras.tag, required: true, on_delete: cascade}
`;

/** The wire order of `shop.thing` with these lines added (computed values, a move…) and edits, or its faults. */
function orderOf(lines: string, ...edits: [string, string][]): string | string[] {
  let text = shop(lines);
  for (const [from, to] of edits) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  try {
    const raw = parseCatalogue({ 'models/shop.yaml': text, 'models/extras.yaml': tag });
    validateCatalogue(raw);
    return normalizeCatalogue(raw)
      .models['shop.thing']!.fields.map((f) => f.name)
      .join(' ');
  } catch (e) {
    if (e instanceof CatalogueError) return e.faults;
    throw e;
  }
}

describe('a model’s wire order', () => {
  it.each([
    {
      name: 'by default: envelope, fields, tags, timestamps, computed',
      given: '    computed:\n      tagged: {count: extras.taggeditem.object}\n',
      want: 'id url display_url display name size owner_type owner_id owner tags created last_updated tagged',
    },
    {
      name: 'a computed value after a field, an envelope field moved',
      given:
        '    computed:\n      tagged: {count: extras.taggeditem.object, after: name}\n' +
        '    move: {created: {after: display}}\n',
      want: 'id url display_url display created name tagged size owner_type owner_id owner tags last_updated',
    },
    {
      name: 'a generic relation moved as one',
      given: '',
      edit: [
        'owner: {type: generic, types: [shop.thing], nullable: true}',
        'owner: {type: generic, types: [shop.thing], nullable: true, after: display}',
      ],
      want: 'id url display_url display owner_type owner_id owner name size tags created last_updated',
    },
  ] as { name: string; given: string; edit?: [string, string]; want: string }[])('$name', ({ given, edit, want }) => {
    expect(orderOf(given, ...(edit ? [edit] : []))).toBe(want);
  });

  it.each([
    {
      name: 'an unknown anchor of a field',
      edit: ['size: {type: integer}', 'size: {type: integer, after: sise}'],
      want: 'models/shop.yaml: models.thing.fields.size.after: unknown field "sise"',
    },
    {
      name: 'an unknown name moved',
      edit: ['    fields:', '    move: {tgas: {after: name}}\n    fields:'],
      want: 'models/shop.yaml: models.thing.move.tgas: unknown field "tgas"',
    },
    {
      name: 'a field of its own moved',
      edit: ['    fields:', '    move: {size: {after: name}}\n    fields:'],
      want: 'models/shop.yaml: models.thing.move.size: "size" is declared here: give it "after:" instead',
    },
    {
      name: 'a cycle',
      edit: ['size: {type: integer}', 'size: {type: integer, after: tags}'],
      more: ['display: "{name}"', 'display: "{name}"\n    move: {tags: {after: size}}'],
      want: 'models/shop.yaml: models.thing.fields.size.after: "size" after "tags" after "size" is a cycle',
    },
  ] as { name: string; edit: [string, string]; more?: [string, string]; want: string }[])(
    'faults: $name',
    ({ edit, more, want }) => {
      expect(orderOf('', edit, ...(more ? [more] : []))).toEqual([want]);
    },
  );
});
