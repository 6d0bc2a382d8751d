/**
 * fast-check arbitraries for bad input: values that are invalid for a field of a given kind,
 * malformed JSON, hostile strings for filter names, values and ordering.
 */
import fc from 'fast-check';
import type { FieldDef } from '../../runtime/catalogue/index.ts';

/** Strings that break naive code: quotes, SQL and template syntax, control and odd unicode characters. */
export const hostile = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE dcim_site; --',
    `') UNION SELECT password FROM users_user --`,
    '%',
    '_',
    '\\',
    '\\\\%',
    '${7*7}',
    '{{ 7*7 }}',
    '{% raw %}',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    '\u202e',
    '\ufeff',
    'ǅ',
    '🦄'.repeat(20),
    '\u0301\u0301',
    'x'.repeat(5000),
    '',
    ' ',
    '\n',
    '\t\r',
    '1e309',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    '9'.repeat(40),
    '__proto__',
    'constructor',
    'null',
    'true',
    '[]',
    '{}',
    'name__ic',
    'id;',
    'id)',
    '-',
    '--id',
    ',,',
    'id,-',
    'pg_sleep(10)',
    '1; SELECT pg_sleep(10)',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** Text that is not valid JSON. */
export const malformedJson = fc
  .oneof(
    fc.constantFrom(
      '{',
      '}',
      '[',
      '{"name": }',
      '{"name": "a",}',
      "{'name': 'a'}",
      '{"name": "a"',
      'undefined',
      'NaN',
      '{"a": 01}',
      '{"a": .5}',
      '{"a": "\\x41"}',
      '\u0000',
      '{"a": "b"}}',
      '[1,]',
      'nul',
      '{"a"}',
      '\ufeff{"a": 1',
    ),
    fc.json().map((j) => j.slice(0, Math.max(1, j.length - 1)) + '\u0001'),
    fc.string({ maxLength: 40 }).map((s) => `{${s}`),
  )
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

/** Valid JSON that is nested far deeper than any field allows. */
export const deeplyNested = fc
  .integer({ min: 65, max: 20_000 })
  .chain((depth) =>
    fc.constantFrom('['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  );

/** A body that is JSON but not an object (or, for bulk endpoints, not a list of objects). */
export const notAnObject = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)), { minLength: 1, maxLength: 3 }),
);

const notStringLike = fc.oneof(
  fc.boolean(),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
  fc.array(fc.integer(), { maxLength: 2 }),
);
const notNumber = fc.oneof(
  fc.constantFrom('abc', '1.5.5', '', ' ', '1e', 'NaN', '--1', '0x'),
  fc.boolean(),
  fc.constant({}),
  fc.constant([1]),
);
const nul = fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`);

/** Values that must be rejected for this field, whatever else the body holds. */
export function invalidValue(f: FieldDef): fc.Arbitrary<unknown> | undefined {
  const tooLong = f.maxLength
    ? fc.integer({ min: f.maxLength + 1, max: f.maxLength + 100_000 }).map((n) => 'x'.repeat(n))
    : undefined;
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'password':
      return fc.oneof(notStringLike, nul, ...(tooLong ? [tooLong] : []));
    case 'slug':
      return fc.oneof(
        notStringLike,
        nul,
        fc.constantFrom('has space', 'ümlaut', 'a/b', 'a.b', '<x>'),
        ...(tooLong ? [tooLong] : []),
      );
    case 'integer':
    case 'bigint': {
      const out: fc.Arbitrary<unknown>[] = [
        notNumber,
        fc.double({ min: 0.1, max: 0.9, noNaN: true }).map((d) => 1 + d),
        fc.constantFrom(2 ** 63, 1e30, -1e30),
      ];
      if (f.min !== undefined) out.push(fc.integer({ min: -1e9, max: f.min - 1 }));
      if (f.max !== undefined) out.push(fc.integer({ min: f.max + 1, max: f.max + 1e9 }));
      return fc.oneof(...out);
    }
    case 'decimal':
      return fc.oneof(notNumber, fc.constantFrom('1e999', '12345678901234567890123456789.5'));
    case 'boolean':
      return fc.oneof(fc.constantFrom('maybe', 'yes please', 2, -1, 'tru'), fc.constant({}), fc.constant([true]));
    case 'date':
      return fc.oneof(
        fc.constantFrom('2026-13-01', '2026-02-30', 'yesterday', '26-1-1', '2026/01/01', '20260101x'),
        notStringLike,
      );
    case 'timestamp':
      return fc.oneof(fc.constantFrom('2026-13-01T00:00:00Z', 'now', '2026-01-01T25:00:00Z', 'T'), notStringLike);
    case 'choice':
      return fc.oneof(
        fc.constantFrom('not-a-choice', 'ACTIVE ', '__all__', "' OR 1=1"),
        fc.constant({ value: 'nope' }),
        fc.constant([]),
        nul,
      );
    case 'ipnetwork':
      return fc.oneof(
        fc.constantFrom(
          '10.0.0.0/33',
          '300.1.1.0/24',
          'not-a-prefix',
          '10.0.0/24',
          '::g/64',
          '10.0.0.0/-1',
          '2001:db8::/129',
        ),
        fc.integer(),
        nul,
      );
    case 'ipaddress':
      return fc.oneof(
        fc.constantFrom('1.2.3.4.5', '256.0.0.1/24', '::g', '10.0.0.1/33', 'localhost', '10.0.0.1/'),
        fc.integer(),
        nul,
      );
    case 'fk':
      return fc.oneof(
        fc.constantFrom(-1, 2_147_483_648, 999_999_999, 1e30, 1.5, 'abc', true),
        fc.constant({ name: '\u0000no such object' }),
        fc.constant({ no_such_attribute: 1 }),
        fc.constant([]),
      );
    case 'm2m':
      return fc.oneof(
        fc.constantFrom('abc', 5, true),
        fc.constant([999_999_999]),
        fc.constant([-1]),
        fc.constant([{ no_such_attribute: 1 }]),
        fc.constant({}),
      );
    case 'tags':
      return fc.oneof(
        fc.constantFrom('abc', 5),
        fc.constant([999_999_999]),
        fc.constant([{ name: 'no such tag \u0001' }]),
        fc.constant({}),
      );
    case 'custom_fields':
      return fc.oneof(fc.constantFrom('abc', 5, true), fc.constant([1]), fc.constant({ no_such_custom_field: 1 }));
    case 'object_type':
      return fc.oneof(
        fc.constantFrom('dcim.nosuchmodel', 'nope', 'dcim.', '.site', "dcim.site' --"),
        fc.integer(),
        notStringLike,
      );
    case 'list':
      return fc.oneof(fc.constantFrom('abc', 5, true), fc.constant({}), fc.constant([{}]), fc.constant([[[]]]));
    default:
      return undefined;
  }
}
