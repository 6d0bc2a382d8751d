/**
 * The body helpers of runtime/http/body.ts that decide before parsing: which media types are JSON or
 * multipart, and whether JSON text nests deeper than the parser may recurse (a scan that never recurses).
 */
import { describe, expect, it } from 'vitest';
import { isJson, isMultipart, MAX_JSON_DEPTH, nestedDeeper } from '../../../runtime/http/body.ts';

describe('media types', () => {
  it.each([
    { given: 'application/json', json: true, multipart: false },
    { given: 'Application/JSON; charset=utf-8', json: true, multipart: false },
    { given: 'application/merge-patch+json', json: true, multipart: false },
    { given: 'text/plain', json: false, multipart: false },
    { given: 'application/jsonx', json: false, multipart: false },
    { given: 'multipart/form-data; boundary=x', json: false, multipart: true },
    { given: ' MULTIPART/FORM-DATA', json: false, multipart: true },
    { given: undefined, json: false, multipart: false },
  ])('$given', ({ given, json, multipart }) => {
    expect({ json: isJson(given), multipart: isMultipart(given) }).toEqual({ json, multipart });
  });
});

describe('nestedDeeper', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  it.each([
    { given: '{"a": [1, {"b": 2}]}', max: 3, want: false },
    { given: '{"a": [1, {"b": 2}]}', max: 2, want: true },
    // brackets inside strings, escaped quotes included, are text
    { given: '{"a": "[[[[{{{{"}', max: 1, want: false },
    { given: '{"a": "\\"[[[["}', max: 1, want: false },
    { given: '["\\\\", [[1]]]', max: 2, want: true },
    { given: deep(MAX_JSON_DEPTH), max: MAX_JSON_DEPTH, want: false },
    { given: deep(MAX_JSON_DEPTH + 1), max: MAX_JSON_DEPTH, want: true },
    // siblings do not add up
    { given: '[[1], [2], [3], [4]]', max: 2, want: false },
  ])('$given within $max: $want', ({ given, max, want }) => {
    expect(nestedDeeper(given, max)).toBe(want);
  });

  it('scans a very deep body without recursing', () => {
    expect(nestedDeeper(deep(1_000_000))).toBe(true);
  });
});
