/**
 * The catalogue's files read together (codegen/catalogue/load.ts, assemble.ts): each `<app>.yaml` is the app
 * of its name and `bases.yaml` the bases, choice sets are one namespace, and every fault names the file and
 * the YAML path in it.
 */
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../../../codegen/catalogue/load.ts';
import { catalogueFaults } from '../../helpers/catalogue-faults.ts';

/** An app's file with one model, `name`, and `extra` lines before its models. */
const app = (name: string, extra = '') =>
  `${extra}models:\n  ${name}:\n    class: ${name.toUpperCase()}\n    path: ${name}s\n    display: "{id}"\n`;

describe('the catalogue’s files', () => {
  it('are the apps of their names, with their labels and choice sets, and the bases', () => {
    const raw = parseCatalogue({
      'models/bases.yaml': 'bases:\n  plain: {display: "{id}"}\n',
      'models/shop.yaml': app('shelf', 'label: Shop\nchoices:\n  size: [[1, Small]]\n'),
      'models/stock.yaml': app('crate', 'api_path: plugins/stock\n'),
    });
    expect(Object.keys(raw.apps)).toEqual(['shop', 'stock']);
    expect(raw.apps.shop!.label).toBe('Shop');
    expect(raw.apps.stock!.api_path).toBe('plugins/stock');
    expect(raw.choices).toEqual({ size: [[1, 'Small']] });
    expect(raw.files).toEqual({ shop: 'models/shop.yaml', stock: 'models/stock.yaml' });
  });

  it.each([
    {
      name: 'a choice set declared in two files',
      given: {
        'models/a.yaml': app('x', 'choices:\n  size: [[1, S]]\n'),
        'models/b.yaml': app('y', 'choices:\n  size: [[1, S]]\n'),
      },
      want: ['models/b.yaml: choices.size: already declared in models/a.yaml'],
    },
    {
      name: 'a choice set’s GraphQL names in a file other than the set’s',
      given: {
        'models/a.yaml': app('x', 'choices:\n  size: [[1, S]]\n'),
        'models/b.yaml': app('y', 'graphql:\n  enums: {size: {name: SizeEnum}}\n'),
      },
      want: ['models/b.yaml: graphql.enums.size: no choice set "size" in this file'],
    },
    {
      name: 'a file named other than <app>.yaml',
      given: { 'models/Shop.yaml': app('x') },
      want: ['models/Shop.yaml: a catalogue file is named <app>.yaml (a lowercase identifier) or bases.yaml'],
    },
    {
      name: 'bases in an app’s file',
      given: { 'models/shop.yaml': app('x', 'bases:\n  plain: {display: "{id}"}\n') },
      want: ['models/shop.yaml: bases: bases are declared in bases.yaml'],
    },
    {
      name: 'models in the bases file',
      given: { 'models/bases.yaml': app('x') },
      want: ['models/bases.yaml: models: bases.yaml holds bases and choice sets only'],
    },
    {
      name: 'an app’s file without models',
      given: { 'models/shop.yaml': 'label: Shop\n' },
      want: ['models/shop.yaml: (root): an app\'s file needs "models"'],
    },
    {
      name: 'YAML that does not parse',
      given: { 'models/shop.yaml': 'models: [' },
      want: [expect.stringMatching(/^models\/shop\.yaml: Flow sequence in block collection/)],
    },
    {
      name: 'a misspelt key, by its path in the file',
      given: { 'models/shop.yaml': app('x').replace('    display', '    dispaly') },
      want: ['models/shop.yaml: models.x: unknown key "dispaly"'],
    },
    {
      name: 'a cross-model fault, in the file of the model',
      given: {
        'models/shop.yaml': app('x'),
        'models/stock.yaml': `${app('y')}    fields:\n      x: {type: fk, to: shop.z}\n`,
      },
      want: ['models/stock.yaml: models.y.fields.x: unknown model "shop.z"'],
    },
  ] as { name: string; given: Record<string, string>; want: unknown[] }[])('fault: $name', ({ given, want }) => {
    expect(catalogueFaults(given)).toEqual(want);
  });
});
