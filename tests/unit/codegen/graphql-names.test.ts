/**
 * NetBox's GraphQL names as the catalogue gives them (`graphql:` keys of a model and of an app's file,
 * codegen/catalogue/schema-graphql.ts) reach the schema that codegen/emit/graphql*.ts print, in place of
 * the names the rules derive; the small fixture without them shows the rules' names.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../codegen/pipeline.ts';

const small = readFileSync('tests/codegen/fixtures/small/shop.yaml', 'utf8');
const widgetEnd = '    ordering: [name]\n';
const shelfEnd = '    brief: [id, url, display, name, _depth]\n';

/** The schema of the fixture with these `graphql:` keys of the file, the widget and the shelf. */
function schema(keys: { file?: string; widget?: string; shelf?: string }): string {
  const text = small
    .replace('models:\n', `${keys.file ? `graphql:\n${keys.file}` : ''}models:\n`)
    .replace(widgetEnd, `${widgetEnd}${keys.widget ? `    graphql:\n${keys.widget}` : ''}`)
    .replace(shelfEnd, `${shelfEnd}${keys.shelf ? `    graphql:\n${keys.shelf}` : ''}`);
  const sdl = generate({ 'shop.yaml': text }).files.get('graphql/schema.graphql');
  if (!sdl) throw new Error('no schema.graphql');
  return sdl;
}

/** One type's (or input's, enum's) block of the schema. */
const block = (sdl: string, head: string) => new RegExp(`^${head} \\{[^}]*\\}`, 'm').exec(sdl)?.[0] ?? '';

describe('GraphQL names from the catalogue', () => {
  const rules = schema({});
  const named = schema({
    file: '  enums: {widget_status: {name: WidgetStateEnum, prefix: STATE}}\n',
    widget: [
      '      root: item',
      '      names: {notes: remarks}',
      '      related_names: {shelf: widgets, related: related_widgets}',
      '      filters:',
      '        shelves: {field: related}',
      '        name_any: {type: "[String!]", rest: name}',
      '',
    ].join('\n'),
    shelf: '      root: false\n',
  });

  it('derive the rules’ names where the catalogue gives none', () => {
    expect(rules).toContain('  widget(id: ID!): WidgetType!\n');
    expect(rules).toContain('  shelf(id: ID!): ShelfType!\n');
    expect(block(rules, 'type ShelfType')).toContain('  widget_set(filters: WidgetFilter');
    expect(block(rules, 'type WidgetType')).toContain('  notes: String!\n');
    expect(block(rules, 'enum WidgetStatusEnum')).toContain('  ACTIVE\n');
  });

  it('name root fields, fields, reverse relations and enums as the catalogue says', () => {
    expect(named).toContain('  item(id: ID!): WidgetType!\n');
    expect(named).not.toMatch(/^ {2}shelf(_list)?\(/m);
    expect(block(named, 'type ShelfType')).toContain('  widgets(filters: WidgetFilter');
    expect(block(named, 'type ShelfType')).not.toContain('widget_set');
    expect(block(named, 'type WidgetType')).toContain('  remarks: String!\n');
    expect(block(named, 'enum WidgetStateEnum')).toContain('  STATE_ACTIVE\n');
  });

  it('declare filter fields over an own relation and handed to a REST filter', () => {
    const filter = block(named, 'input WidgetFilter');
    expect(filter).toContain('  shelves: ShelfFilter\n');
    expect(filter).toContain('  name_any: [String!]\n');
    expect(block(rules, 'input WidgetFilter')).not.toContain('name_any');
  });

  it('leave a hidden model out of the schema', () => {
    const sdl = schema({ shelf: '      hidden: true\n' });
    expect(sdl).not.toContain('ShelfType');
    expect(block(sdl, 'type WidgetType')).not.toMatch(/^ {2}shelf:/m);
  });
});
