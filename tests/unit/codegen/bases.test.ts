/**
 * Bases (codegen/catalogue/bases.ts): a model that `extends` one has its own fields first and the base's
 * after them, a field of a base field's name replaces it, every other key it gives replaces the base's, a
 * base may extend another, and `to: self` points at the model. Faults name the file and the YAML path.
 */
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../../../codegen/catalogue/load.ts';
import { catalogueFaults } from '../../helpers/catalogue-faults.ts';

const bases = `
bases:
  logged:
    features: [branching]
  named:
    extends: logged
    fields:
      name: {type: string, max_length: 50, required: true}
      note: {type: text}
    display: "{name}"
  tree:
    extends: named
    tree: true
    fields:
      parent: {type: fk, to: self, nullable: true, on_delete: cascade}
`;

/** The model `shop.thing` declared by these lines, after its bases. */
function thing(lines: string) {
  const shop = `models:\n  thing:\n    class: Thing\n    path: things\n${lines}`;
  return parseCatalogue({ 'models/bases.yaml': bases, 'models/shop.yaml': shop }).apps.shop!.models.thing!;
}

const model = 'models:\n  thing:\n    class: Thing\n    path: things\n    display: "{id}"\n';

describe('a model extending a base', () => {
  it.each([
    {
      name: 'has its own fields first, then the base’s it does not declare',
      given: '    extends: named\n    fields:\n      size: {type: integer}\n',
      want: { fields: ['size', 'name', 'note'], display: '{name}', features: ['branching'] },
    },
    {
      name: 'replaces a base field by one of the same name, where it declares it',
      given:
        '    extends: named\n    fields:\n      size: {type: integer}\n      name: {type: string, max_length: 9}\n',
      want: { fields: ['size', 'name', 'note'], name: { type: 'string', max_length: 9 } },
    },
    {
      name: 'replaces every other key it gives (features are not added up)',
      given: '    extends: named\n    features: [tags]\n    display: "{note}"\n',
      want: { fields: ['name', 'note'], display: '{note}', features: ['tags'] },
    },
    {
      name: 'has the keys of its base’s base, the nearer base’s fields first',
      given: '    extends: tree\n',
      want: { fields: ['parent', 'name', 'note'], tree: true, features: ['branching'] },
    },
    {
      name: 'gets a field `to: self` pointing at itself',
      given: '    extends: tree\n',
      want: { parent: { type: 'fk', to: 'shop.thing', nullable: true, on_delete: 'cascade' } },
    },
    {
      name: 'is itself without a base',
      given: '    display: "{id}"\n    fields:\n      size: {type: integer}\n',
      want: { fields: ['size'], display: '{id}', features: undefined },
    },
  ])('$name', ({ given, want }) => {
    const m = thing(given);
    const got: Record<string, unknown> = {
      fields: Object.keys(m.fields),
      display: m.display,
      features: m.features,
      tree: m.tree,
      name: m.fields.name,
      parent: m.fields.parent,
    };
    expect(Object.fromEntries(Object.keys(want).map((k) => [k, got[k]]))).toEqual(want);
  });
});

describe('faults of bases', () => {
  it.each([
    {
      name: 'an unknown base',
      given: {
        'models/bases.yaml': bases,
        'models/shop.yaml': model.replace('    display', '    extends: nmed\n    display'),
      },
      want: 'models/shop.yaml: models.thing.extends: unknown base "nmed" (bases: logged, named, tree)',
    },
    {
      name: 'a base extending itself',
      given: { 'models/bases.yaml': 'bases:\n  a: {extends: b}\n  b: {extends: a}\n', 'models/shop.yaml': model },
      want: 'models/bases.yaml: bases.a.extends: "a" extends itself (a → b → a)',
    },
    {
      name: 'a model with no display of its own or from its base',
      given: {
        'models/bases.yaml': bases,
        'models/shop.yaml': model.replace('    display: "{id}"', '    extends: logged'),
      },
      want: 'models/shop.yaml: models.thing: needs "display", of its own or from its base',
    },
    {
      name: 'a base with a model’s own key',
      given: { 'models/bases.yaml': 'bases:\n  a: {class: A}\n', 'models/shop.yaml': model },
      want: 'models/bases.yaml: bases.a: unknown key "class"',
    },
    {
      name: 'a base field’s fault, at the base, once for every model extending it',
      given: {
        'models/bases.yaml': bases.replace('note: {type: text}', 'note: {type: choice}'),
        'models/shop.yaml':
          `${model}    extends: named\n` + '  other:\n    class: Other\n    path: others\n    extends: named\n',
      },
      want: 'models/bases.yaml: bases.named.fields.note: needs "choices"',
    },
  ])('$name', ({ given, want }) => {
    expect(catalogueFaults(given)).toEqual([want]);
  });
});
