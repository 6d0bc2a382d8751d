/**
 * The catalogue's one description (codegen/catalogue/schema.ts): names of runtime behaviour come from
 * runtime/catalogue/names.ts, so a misspelt hook, check, action or filter op fails at its YAML path,
 * and generated/models.schema.json (what an editor reads) is that same schema.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogue, readCatalogue } from '../../../codegen/catalogue/load.ts';
import { faultsFrom } from '../../helpers/catalogue-faults.ts';
import { emitYamlSchema } from '../../../codegen/emit/yaml-schema.ts';

const small = readFileSync('tests/codegen/fixtures/small/shop.yaml', 'utf8');
const widget = 'shop.yaml: models.widget';
const rules = '    rules:\n      - {requires: [price, count]}\n';

function faultsOf(from: string, to: string): string[] {
  expect(small, `the fixture has ${from}`).toContain(from);
  return faultsFrom(() => parseCatalogue({ 'shop.yaml': small.replace(from, to) }));
}

const cases: { name: string; given: [string, string]; want: RegExp }[] = [
  {
    name: 'a hook name',
    given: [rules, `${rules}    hooks: users.usr\n`],
    want: new RegExp(`^${widget}\\.hooks: must be equal to one of the allowed values: users\\.user, users\\.token`),
  },
  {
    name: 'a check name',
    given: [rules, `${rules}      - {check: primary_ipp}\n`],
    want: new RegExp(`^${widget}\\.rules\\.1\\.check: .*: primary_ip, keeps_primary_ip, rack_space, lag$`),
  },
  {
    name: 'a filter op',
    given: [rules, `${rules}    filters:\n      fresh: {op: time_afterr}\n`],
    want: new RegExp(`^${widget}\\.filters\\.fresh\\.op: .*: time_after, time_before`),
  },
  {
    name: 'an action op',
    given: [rules, `${rules}    actions:\n      free-ips: {op: available_ip, field: address}\n`],
    want: new RegExp(`^${widget}\\.actions\\.free-ips\\.op: .*: available_ips, available_prefixes`),
  },
  {
    name: 'a key',
    given: [rules, `${rules}    ordring: [name]\n`],
    want: new RegExp(`^${widget}: unknown key "ordring"$`),
  },
  {
    name: 'field type',
    given: ['kinds: {type: list, item: string}', 'kinds: {type: lsit, item: string}'],
    want: new RegExp(`^${widget}\\.fields\\.kinds\\.type: must be equal to one of the allowed values: string, text`),
  },
  {
    name: "key of another type's (a choice set on a list)",
    given: ['kinds: {type: list, item: string}', 'kinds: {type: list, item: string, choices: size}'],
    want: new RegExp(`^${widget}\\.fields\\.kinds: unknown key "choices"$`),
  },
  {
    name: "type's key, left out (a many-to-many field's target)",
    given: ['related: {type: m2m, to: shop.shelf}', 'related: {type: m2m}'],
    want: new RegExp(`^${widget}\\.fields\\.related: needs "to"$`),
  },
];

describe('the catalogue schema', () => {
  it.each(cases)('refuses a misspelt $name at its YAML path', ({ given, want }) => {
    const faults = faultsOf(...given);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatch(want);
  });

  it('is what generated/models.schema.json holds (tests/codegen/editor-schema.test.ts reads models/ with it)', () => {
    const [[name, text]] = [...emitYamlSchema()];
    expect(readFileSync(`generated/${name}`, 'utf8')).toBe(text);
  });

  it('is named by the first line of every file of models/', () => {
    for (const [path, yaml] of Object.entries(readCatalogue('models')))
      expect(yaml.split('\n')[0], path).toBe('# yaml-language-server: $schema=../generated/models.schema.json');
  });
});
