/**
 * Computed values and filters by meaning (codegen/catalogue/expressions.ts, named-expressions.ts): each shape
 * gives its SQL and its type, and a shape that cannot hold is a fault at its YAML path.
 */
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../../../codegen/catalogue/load.ts';
import { faultsOr } from '../../helpers/catalogue-faults.ts';
import { normalizeCatalogue } from '../../../codegen/catalogue/normalize.ts';
import { validateCatalogue } from '../../../codegen/catalogue/validate.ts';
import { buildFilterSpecs } from '../../../codegen/catalogue/filters.ts';
import { namedExpressions } from '../../../codegen/catalogue/named-expressions.ts';

const net = (computed: string, filters = '') => `
choices:
  ip_family: [[4, IPv4], [6, IPv6]]
models:
  host:
    class: Host
    path: hosts
    display: "{name}"
    fields:
      name: {type: string, max_length: 50}
      up: {type: boolean}
      ip4: {type: fk, to: net.address, nullable: true}
      ip6: {type: fk, to: net.address, nullable: true}
      room: {type: fk, to: net.room, nullable: true}
      network: {type: ipnetwork, nullable: true}
      scope: {type: generic, types: [net.room, net.host], nullable: true}
    computed:
${computed}
    filters:
${filters || '      none: {op: tag}'}
  address:
    class: Address
    path: addresses
    display: "{id}"
    fields:
      host: {type: fk, to: net.host, nullable: true}
  room:
    class: Room
    path: rooms
    display: "{id}"
  link:
    class: Link
    path: links
    display: "{id}"
    fields:
      a: {type: fk, to: net.host, required: true}
      b: {type: fk, to: net.host, required: true}
      side: {type: string, max_length: 1}
  note:
    class: Note
    path: notes
    display: "{id}"
    fields:
      subject: {type: generic, types: [net.host], required: true}
  vm:
    class: VM
    path: vms
    display: "{id}"
    fields:
      host: {type: fk, to: net.host, nullable: true}
      cpus: {type: decimal, max_digits: 6, decimal_places: 2, nullable: true}
      memory: {type: integer, nullable: true}
`;

/** The computed value `x` of net.host given as these keys: its expression, or the faults. */
function expression(keys: string) {
  return faultsOr(() => {
    const raw = parseCatalogue({ 'models/net.yaml': net(`      x: {${keys}}`) });
    validateCatalogue(raw);
    const x = normalizeCatalogue(raw).models['net.host']!.fields.find((f) => f.name === 'x');
    return x?.kind === 'computed' ? x.computed : undefined;
  });
}

describe('expressions', () => {
  it.each([
    { given: 'same_as: room', want: { sql: 'room_id', as: 'fk', to: 'net.room' } },
    { given: 'same_as: up', want: { sql: 'up', as: 'boolean' } },
    { given: 'first_of: [ip6, ip4]', want: { sql: 'coalesce(ip6_id, ip4_id)', as: 'fk', to: 'net.address' } },
    { given: 'family: network', want: { sql: 'family(network)', as: 'choice', choices: 'ip_family' } },
    {
      given: 'generic_id: scope, to: net.room',
      want: { sql: "CASE WHEN scope_type = 'net.room' THEN scope_id END", as: 'fk', to: 'net.room' },
    },
    {
      given: 'reverse_one: net.address.host',
      want: {
        sql: '(SELECT a.id FROM net_address a WHERE a.host_id = t.id)',
        as: 'fk',
        to: 'net.address',
        reverse: { fields: ['host'], where: {} },
      },
    },
    {
      given: 'reverse_one: net.link.a, where: {side: A}',
      want: {
        sql: "(SELECT l.id FROM net_link l WHERE l.a_id = t.id AND l.side = 'A')",
        as: 'fk',
        to: 'net.link',
        reverse: { fields: ['a'], where: { side: 'A' } },
      },
    },
    {
      given: 'reverse_one: [net.link.a, net.link.b]',
      want: {
        sql: '(SELECT l.id FROM net_link l WHERE l.a_id = t.id OR l.b_id = t.id LIMIT 1)',
        as: 'fk',
        to: 'net.link',
        reverse: { fields: ['a', 'b'], where: {} },
      },
    },
    {
      given: 'reverse_one: net.note.subject',
      want: {
        sql: "(SELECT n.id FROM net_note n WHERE n.subject_type = 'net.host' AND n.subject_id = t.id)",
        as: 'fk',
        to: 'net.note',
        reverse: { fields: ['subject'], where: {} },
      },
    },
    {
      given: 'sum: cpus, over: net.vm.host',
      want: { sql: '(SELECT sum(v.cpus) FROM net_vm v WHERE v.host_id = t.id)', as: 'decimal' },
    },
    {
      given: 'sum: memory, over: net.vm.host',
      want: { sql: '(SELECT sum(v.memory)::int FROM net_vm v WHERE v.host_id = t.id)', as: 'integer' },
    },
    { given: 'named: ip_range_size', want: { sql: namedExpressions.ip_range_size.sql, as: 'integer' } },
  ])('$given', ({ given, want }) => {
    expect(expression(given)).toEqual({ type: 'expr', ...want });
  });

  it('give a filter its SQL and, by the expression’s type, its own', () => {
    const raw = parseCatalogue({ 'models/net.yaml': net('      y: {count: net.vm.host}', '      up: {same_as: up}') });
    validateCatalogue(raw);
    const catalogue = normalizeCatalogue(raw);
    const up = buildFilterSpecs(catalogue, raw)['net.host']!.find((f) => f.name === 'up');
    expect(up).toMatchObject({ expr: 'up', type: 'boolean', kind: 'boolean' });
  });
});

describe('faults of expressions', () => {
  const at = 'models/net.yaml: models.host.computed.x';
  it.each([
    { given: 'same_as: rom', want: `${at}.same_as: "rom" is not a field of net.host with a column` },
    { given: 'first_of: [ip4, room]', want: `${at}.first_of: the foreign keys point at different models` },
    { given: 'first_of: [ip4, up]', want: `${at}.first_of: "up" is not a foreign key` },
    { given: 'family: name', want: `${at}.family: "name" is not an IP field` },
    { given: 'generic_id: room, to: net.room', want: `${at}.generic_id: "room" is not a generic relation` },
    { given: 'generic_id: scope, to: net.roam', want: `${at}.to: unknown model "net.roam"` },
    {
      given: 'reverse_one: net.vm.cpus',
      want: `${at}.reverse_one: "net.vm.cpus" is not a relation pointing at net.host`,
    },
    { given: 'reverse_one: net.link.a, where: {sid: A}', want: `${at}.where: unknown field "sid" on net.link` },
    {
      given: 'sum: cpus, over: net.vm.cpus',
      want: `${at}.over: "net.vm.cpus" is not a foreign key pointing at net.host`,
    },
    { given: 'sum: host, over: net.vm.host', want: `${at}.sum: "host" is not a number field of net.vm` },
    { given: 'count: net.vm.host, to: net.vm', want: `${at}.to: applies only to "generic_id"` },
  ])('$given', ({ given, want }) => {
    expect(expression(given)).toEqual([want]);
  });

  it('a misspelt name, by the schema', () => {
    const faults = expression('named: ip_range_sise') as string[];
    expect(faults[0]).toMatch(/^models\/net\.yaml: models\.host\.computed\.x\.named: must be equal to one of/);
  });

  it('a filter of a relation', () => {
    const faults = faultsOr(() =>
      validateCatalogue(
        parseCatalogue({ 'models/net.yaml': net('      y: {count: net.vm.host}', '      r: {same_as: room}') }),
      ),
    );
    expect(faults).toEqual([
      'models/net.yaml: models.host.filters.r: a filter compares a number, a string or a boolean, not a fk',
    ]);
  });
});
