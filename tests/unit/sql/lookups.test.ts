/**
 * The one lookup vocabulary (runtime/catalogue/lookups.ts), given/want: each lookup's SQL and the parameter a
 * value becomes, and the names REST, GraphQL and permission constraints give it; a catalogue that declares a
 * lookup no surface knows is refused at its YAML path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  graphqlLookup,
  isLookupName,
  lookups,
  restLookup,
  restNegates,
  stringLookups,
  numberLookups,
  type Lookup,
} from '../../../runtime/catalogue/lookups.ts';
import { generate } from '../../../codegen/pipeline.ts';
import { faultsFrom } from '../../helpers/catalogue-faults.ts';

const cases: [lookup: Lookup, given: string, want: { sql: string; value: string; text: boolean }][] = [
  ['exact', 'a', { sql: 'x = $1', value: 'a', text: false }],
  ['iexact', 'A', { sql: 'lower(x) = lower($1)', value: 'A', text: true }],
  ['contains', '50%_', { sql: 'x LIKE $1', value: '%50\\%\\_%', text: true }],
  ['icontains', 'a', { sql: 'x ILIKE $1', value: '%a%', text: true }],
  ['startswith', 'a', { sql: 'x LIKE $1', value: 'a%', text: true }],
  ['istartswith', 'a', { sql: 'x ILIKE $1', value: 'a%', text: true }],
  ['endswith', 'a', { sql: 'x LIKE $1', value: '%a', text: true }],
  ['iendswith', 'a', { sql: 'x ILIKE $1', value: '%a', text: true }],
  ['regex', '^a', { sql: 'x ~ $1', value: '^a', text: true }],
  ['iregex', '^a', { sql: 'x ~* $1', value: '^a', text: true }],
  ['lt', '1', { sql: 'x < $1', value: '1', text: false }],
  ['lte', '1', { sql: 'x <= $1', value: '1', text: false }],
  ['gt', '1', { sql: 'x > $1', value: '1', text: false }],
  ['gte', '1', { sql: 'x >= $1', value: '1', text: false }],
];

describe('a lookup', () => {
  it.each(cases)('%s of %j', (lookup, given, want) => {
    const l = lookups[lookup];
    expect({ sql: l.sql('x', '$1'), value: l.value(given), text: l.text }).toEqual(want);
  });

  it('is named by each surface', () => {
    // REST: NetBox's filter sets; a negation names the positive lookup it negates
    const rest = ['exact', 'ic', 'isw', 'iew', 'ie', 'regex', 'iregex', 'lt', 'lte', 'gt', 'gte'].map(restLookup);
    expect(rest).toEqual(
      ['exact', 'icontains', 'istartswith', 'iendswith', 'iexact', 'regex', 'iregex'].concat([
        'lt',
        'lte',
        'gt',
        'gte',
      ]),
    );
    expect(['n', 'nic', 'nisw', 'niew', 'nie', 'ic', 'empty'].map(restNegates)).toEqual([
      'exact',
      'ic',
      'isw',
      'iew',
      'ie',
      undefined,
      undefined,
    ]);
    expect([...stringLookups, ...numberLookups].every((l) => restLookup(l) ?? restNegates(l) ?? l === 'empty')).toBe(
      true,
    );
    // GraphQL: strawberry-django's names; its own lookups (in_list, range…) are not the shared ones
    const graphql = ['i_exact', 'i_contains', 'starts_with', 'i_ends_with', 'i_regex', 'in_list', 'constructor'];
    expect(graphql.map(graphqlLookup)).toEqual([
      'iexact',
      'icontains',
      'startswith',
      'iendswith',
      'iregex',
      undefined,
      undefined,
    ]);
    // permission constraints: Django's names, the members' own
    expect(cases.every(([l]) => isLookupName(l))).toBe(true);
    expect(['in', 'ic', 'toString'].some(isLookupName)).toBe(false);
  });
});

describe('a declared lookup', () => {
  it('that no surface knows is refused at its YAML path', () => {
    const small = readFileSync('tests/codegen/fixtures/small/shop.yaml', 'utf8');
    const rules = '    display: "{name}"\n  widget:';
    expect(small).toContain(rules);
    const text = small.replace(rules, `    filters:\n      named: {via: name, lookups: [n, icontain]}\n${rules}`);
    expect(faultsFrom(() => generate({ 'shop.yaml': text }))).toEqual([
      'shop.yaml: models.shelf.filters.named: unknown lookup "icontain"',
    ]);
    const good = small.replace(rules, `    filters:\n      named: {via: name, lookups: [n, ic]}\n${rules}`);
    expect(faultsFrom(() => generate({ 'shop.yaml': good }))).toEqual([]);
  });
});
