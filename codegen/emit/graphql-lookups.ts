/**
 * The input types every filter shares (strawberry-django's lookup shapes, as NetBox's schema has them):
 * comparisons, ranges and string matches per scalar, date parts, arrays, JSON paths, tree nodes, and
 * the pagination input. Written from a few rules, not per scalar by hand.
 */
import type { SdlField, SdlType } from './graphql-sdl.ts';

const f = (name: string, type: string, dflt?: string): SdlField =>
  dflt ? { name, type, default: dflt } : { name, type };

/** `exact`, `is_null`, `in_list`: every lookup has these. */
const base = (t: string) => [f('exact', t), f('is_null', 'Boolean'), f('in_list', `[${t}!]`)];

/** The string matches strawberry-django gives any scalar in its `<X>FilterLookup`. */
const matches = (t: string) =>
  [
    'i_exact',
    'contains',
    'i_contains',
    'starts_with',
    'i_starts_with',
    'ends_with',
    'i_ends_with',
    'regex',
    'i_regex',
  ].map((n) => f(n, t));

const compare = (t: string, range: string) => [...['gt', 'gte', 'lt', 'lte'].map((n) => f(n, t)), f('range', range)];

const intParts = ['year', 'month', 'day', 'week_day', 'iso_week_day', 'week', 'iso_year', 'quarter'];
const timeParts = ['hour', 'minute', 'second'];
const parts = (names: string[]) => names.map((n) => f(n, 'IntComparisonFilterLookup'));

function input(name: string, fields: SdlField[]): SdlType {
  return { kind: 'input', name, fields };
}

function rangeOf(prefix: string, t: string): SdlType {
  return input(`${prefix}RangeLookup`, [f('start', t, 'null'), f('end', t, 'null')]);
}

/** `<X>ComparisonFilterLookup` and its range. */
function comparison(prefix: string, t: string): SdlType[] {
  return [
    input(`${prefix}ComparisonFilterLookup`, [...base(t), ...compare(t, `${prefix}RangeLookup`)]),
    rangeOf(prefix, t),
  ];
}

function temporal(prefix: string, t: string, withDate: boolean, withTime: boolean): SdlType {
  const range = `${prefix.startsWith('Str') ? 'Str' : prefix}RangeLookup`;
  return input(`${prefix}FilterLookup`, [
    ...base(t),
    ...compare(t, range),
    ...(withDate ? parts(intParts) : []),
    ...(withTime ? parts(timeParts) : []),
    ...(withDate && withTime ? [f('date', 'DateComparisonFilterLookup'), f('time', 'TimeComparisonFilterLookup')] : []),
  ]);
}

/** The scalars, the pagination input, and the comparisons, ranges and date parts of the ordered scalars. */
function scalarTypes(): SdlType[] {
  return [
    { kind: 'scalar', name: 'BigInt', doc: 'An integer that may not fit in 32 bits.' },
    { kind: 'scalar', name: 'Date', doc: 'A date, ISO 8601 (YYYY-MM-DD).' },
    { kind: 'scalar', name: 'DateTime', doc: 'A date and time, ISO 8601.' },
    { kind: 'scalar', name: 'Decimal', doc: 'A decimal number, as a string.' },
    { kind: 'scalar', name: 'JSON', doc: 'Any JSON value.' },
    { kind: 'scalar', name: 'Time', doc: 'A time of day, ISO 8601.' },
    { kind: 'scalar', name: 'UUID', doc: 'A UUID.' },
    input('OffsetPaginationInput', [f('offset', 'Int!', '0'), f('limit', 'Int'), f('start', 'Int')]),
    ...comparison('ID', 'ID'),
    ...comparison('Int', 'Int'),
    ...comparison('Float', 'Float'),
    ...comparison('BigInt', 'BigInt'),
    ...comparison('Time', 'Time'),
    ...comparison('Date', 'Date'),
    rangeOf('Datetime', 'DateTime'),
    rangeOf('Str', 'String'),
    temporal('Datetime', 'DateTime', true, true),
    temporal('Date', 'Date', true, false),
    temporal('StrDate', 'String', true, false),
    temporal('StrDatetime', 'String', true, true),
    temporal('StrTime', 'String', false, true),
  ];
}

/** Each scalar's `<X>FilterLookup`, the numbers' choice of lookup, and the array lookups. */
function filterLookupTypes(): SdlType[] {
  const out: SdlType[] = [];
  for (const [prefix, t] of [
    ['Str', 'String'],
    ['Bool', 'Boolean'],
    ['Int', 'Int'],
    ['Float', 'Float'],
    ['BigInt', 'BigInt'],
  ] as const)
    out.push(input(`${prefix}FilterLookup`, [...base(t), ...matches(t)]));
  for (const [name, prefix] of [
    ['IntegerLookup', 'Int'],
    ['FloatLookup', 'Float'],
    ['BigIntegerLookup', 'BigInt'],
  ] as const)
    out.push(
      input(name, [
        f('filter_lookup', `${prefix}FilterLookup`),
        f('range_lookup', `${prefix}RangeLookup`),
        f('comparison_lookup', `${prefix}ComparisonFilterLookup`),
      ]),
    );
  for (const [name, t] of [
    ['IntegerArrayLookup', 'Int'],
    ['StringArrayLookup', 'String'],
  ] as const)
    out.push(
      input(name, [
        f('contains', `[${t}!]`),
        f('contained_by', `[${t}!]`),
        f('overlap', `[${t}!]`),
        f('length', 'Int'),
      ]),
    );
  return out;
}

/** Lookups of range arrays, extra choices, JSON paths and tree nodes. */
function otherLookupTypes(): SdlType[] {
  return [
    input('IntegerRangeArrayLookup', [f('contains', 'Int')]),
    input('ExtraChoicesLookup', [f('contains', 'String'), f('length', 'Int')]),
    input('JSONFilter', [f('path', 'String!'), f('lookup', 'JSONLookup!')]),
    // NetBox's names `in_` and `isnull` beside strawberry-django's `in_list` and `is_null`
    input('JSONStringLookup', [...base('String'), ...matches('String'), f('in_', '[String!]'), f('isnull', 'Boolean')]),
    input('JSONLookup', [
      f('string_lookup', 'JSONStringLookup'),
      f('int_range_lookup', 'IntRangeLookup'),
      f('int_comparison_lookup', 'IntComparisonFilterLookup'),
      f('float_range_lookup', 'FloatRangeLookup'),
      f('float_comparison_lookup', 'FloatComparisonFilterLookup'),
      f('date_lookup', 'StrDateFilterLookup'),
      f('datetime_lookup', 'StrDatetimeFilterLookup'),
      f('time_lookup', 'StrTimeFilterLookup'),
      f('boolean_lookup', 'BoolFilterLookup'),
    ]),
    input('TreeNodeFilter', [f('id', 'ID!'), f('match_type', 'TreeNodeMatch!')]),
    {
      kind: 'enum',
      name: 'TreeNodeMatch',
      values: ['EXACT', 'DESCENDANTS', 'SELF_AND_DESCENDANTS', 'CHILDREN', 'SIBLINGS', 'ANCESTORS', 'PARENT'],
    },
  ];
}

export function lookupTypes(): SdlType[] {
  return [...scalarTypes(), ...filterLookupTypes(), ...otherLookupTypes()];
}
