/**
 * Every name a permission constraint may give on every model of the catalogue, with lookups and
 * transforms of its type, compiles to SQL that PostgreSQL runs: no constraint a user can write makes a
 * statement fail (a type mismatch, an unknown operator), whatever field, relation or lookup it names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { catalogue } from '../../generated/catalogue.ts';
import { filters } from '../../generated/filters/index.ts';
import { Registry, type ModelDef } from '../../runtime/catalogue/index.ts';
import { Params } from '../../runtime/db/index.ts';
import { ident } from '../../runtime/db/index.ts';
import { compileConstraints } from '../../runtime/auth/constraints.ts';
import { namesOf, type Named } from '../../runtime/auth/constraint-fields.ts';
import type { TermType } from '../../runtime/auth/constraint-terms.ts';

let s: TestServer;
const registry = new Registry(catalogue, filters);

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

const samples: Record<TermType, unknown> = {
  text: 'x',
  integer: 1,
  numeric: '1.5',
  boolean: true,
  date: '2024-01-02',
  timestamp: '2024-01-02T03:04:05Z',
  time: '03:04',
  address: '192.0.2.1/24',
  network: '192.0.2.0/24',
  json: { a: 1 },
  list: [],
};

/** Keys after a name of each type, with their values (`item`: a sample of the list's item type). */
const after: Partial<Record<TermType, [string, unknown][]>> = {
  date: [
    ['year', 2024],
    ['week_day__gte', 2],
  ],
  timestamp: [
    ['date', '2024-01-02'],
    ['hour__lt', 3],
    ['quarter', 1],
  ],
  address: [
    ['family', 4],
    ['net_mask_length__gt', 8],
    ['host__startswith', '192.'],
    ['net_host', '192.0.2.1'],
    ['net_contained', '192.0.2.0/24'],
    ['net_in', ['192.0.2.1', '192.0.2.0/24']],
    ['host_between', ['192.0.2.1', '192.0.2.9']],
  ],
  network: [
    ['family', 6],
    ['net_contains_or_equals', '192.0.2.1'],
  ],
  json: [
    ['a', 1],
    ['a__b__icontains', 'x'],
    ['has_key', 'a'],
    ['has_any_keys', ['a', 'b']],
    ['contains', { a: 1 }],
    ['a__empty', true],
    ['a__in', ['x', 1]],
    ['a__isnull', true],
  ],
  list: [
    ['len__gte', 1],
    ['contains', 'items'],
    ['overlap', 'items'],
    ['0', 'item'],
    ['0__gte', 'item'],
  ],
};

/** The keys tried for one name, with their values. */
function keysFor(name: string, named: Named): [string, unknown][] {
  if (named.kind !== 'value')
    return [
      [name, 1],
      [`${name}__isnull`, true],
      [`${name}__in`, [1, 2]],
      [`${name}__id__gt`, 1],
    ];
  const v = samples[named.type];
  const item = samples[named.item ?? 'text'];
  const own = (after[named.type] ?? []).map(([k, x]): [string, unknown] => [
    `${name}__${k}`,
    x === 'item' ? item : x === 'items' ? [item] : x,
  ]);
  const scalar = named.type !== 'list' && named.type !== 'json';
  return [
    [name, named.type === 'list' ? [item] : v],
    [`${name}__isnull`, false],
    ...(scalar
      ? ([
          [`${name}__icontains`, 'x'],
          [`${name}__in`, [v, v]],
          [`${name}__gte`, v],
          [`${name}__range`, [v, v]],
          [`${name}__iexact`, v],
        ] as [string, unknown][])
      : []),
    ...own,
  ];
}

function statement(model: ModelDef, key: string, value: unknown) {
  const params = new Params();
  const { sql, faults } = compileConstraints({ registry, params, userId: 1 }, { model, alias: 't' }, { [key]: value });
  return { sql: `SELECT count(*) FROM ${ident(model.table)} t WHERE ${sql}`, params: params.values, faults };
}

describe('constraint SQL on every model', () => {
  it('runs for every name of every model, and every relation reaches its target', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const model of registry.all()) {
      for (const [name, named] of namesOf(registry, model)) {
        for (const [key, value] of keysFor(name, named)) {
          const st = statement(model, key, value);
          if (st.faults.length) {
            failures.push(`${model.key} ${key}: ${st.faults.map((f) => f.message).join('; ')}`);
            continue;
          }
          tried++;
          try {
            await s.sql.unsafe(st.sql, st.params as never[]);
          } catch (e) {
            failures.push(`${model.key} ${key}: ${(e as Error).message}\n${st.sql}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(5000);
  }, 600_000);
});
