/**
 * A model's `options:` (NetBox's OPTIONS facts the rule in runtime/rest/options cannot derive): checked
 * against the model's fields and the choice sets, and carried into the catalogue's fields and model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../../codegen/catalogue/load.ts';
import { catalogueFaults } from '../helpers/catalogue-faults.ts';
import { normalizeCatalogue } from '../../codegen/catalogue/normalize.ts';

const small = readFileSync('tests/codegen/fixtures/small/shop.yaml', 'utf8');
const display = '    display: ["{name} ({shelf.name})", "{name}"]\n';

function withOptions(block: string): string {
  expect(small).toContain(display);
  return small.replace(display, `${display}    options:\n${block}`);
}

const faultsOf = (text: string) => catalogueFaults({ 'shop.yaml': text });

describe('options', () => {
  it('reach the fields (generated and envelope ones too) and the model', () => {
    const text = withOptions(
      [
        '      description: Widgets of the shop.',
        '      type_choices: true',
        '      fields:',
        '        count: {label: Count (pieces), max_value: null}',
        '        id: {label: Id}',
        '        kinds: {child: {max_length: 30}, choices: widget_status}',
        '',
      ].join('\n'),
    );
    expect(faultsOf(text)).toEqual([]);
    const widget = normalizeCatalogue(parseCatalogue({ 'shop.yaml': text })).models['shop.widget']!;
    expect(widget.options).toEqual({ description: 'Widgets of the shop.', typeChoices: true });
    const field = (n: string) => widget.fields.find((f) => f.name === n)!;
    expect(field('count').options).toEqual({ label: 'Count (pieces)', max_value: null });
    expect(field('id').options).toEqual({ label: 'Id' });
    expect(field('kinds').options).toEqual({ child: { max_length: 30 }, choices: 'widget_status' });
    expect(field('name').options).toBeUndefined();
    const byField = normalizeCatalogue(
      parseCatalogue({ 'shop.yaml': text.replace('type_choices: true', 'type_choices: {kinds: tags}') }),
    );
    expect(byField.models['shop.widget']!.options!.typeChoices).toEqual({ kinds: 'tags' });
    const unknown = faultsOf(text.replace('type_choices: true', 'type_choices: {kind: tags}'));
    expect(unknown).toContain('shop.yaml: models.widget.options.type_choices: unknown field "kind"');
  });

  it('name an unknown field, an unknown choice set and an unknown key by their path', () => {
    const text = withOptions(
      ['      fields:', '        cuont: {label: Count}', '        status: {choices: widget_statuses}', ''].join('\n'),
    );
    const faults = faultsOf(text);
    expect(faults).toContain('shop.yaml: models.widget.options.fields: unknown field "cuont"');
    expect(faults).toContain('shop.yaml: models.widget.options.fields.status: unknown choice set "widget_statuses"');
    const typo = withOptions(['      fields:', '        name: {lable: Name}', ''].join('\n'));
    expect(faultsOf(typo)).toContain('shop.yaml: models.widget.options.fields.name: unknown key "lable"');
  });

  it("keep a field only NetBox's serializer declares, described whole, for the model", () => {
    const whole = '        gadgets: {type: field, required: false, read_only: false, label: Gadgets}';
    const text = withOptions(['      fields:', whole, ''].join('\n'));
    expect(faultsOf(text)).toEqual([]);
    const widget = normalizeCatalogue(parseCatalogue({ 'shop.yaml': text })).models['shop.widget']!;
    expect(widget.options!.serializerOnly).toEqual({
      gadgets: { type: 'field', required: false, read_only: false, label: 'Gadgets' },
    });
    expect(widget.fields.some((f) => f.name === 'gadgets')).toBe(false);
    const partial = withOptions(['      fields:', '        gadgets: {type: field, label: Gadgets}', ''].join('\n'));
    expect(faultsOf(partial)).toContain('shop.yaml: models.widget.options.fields: unknown field "gadgets"');
  });
});
