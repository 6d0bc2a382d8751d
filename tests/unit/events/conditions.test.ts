/**
 * Event rule conditions (runtime/events/conditions.ts), NetBox's language: given conditions and an
 * object's REST form, whether they match; and the faults a saved rule is refused for.
 */
import { describe, expect, it } from 'vitest';
import { ConditionError, evaluateConditions, validateConditions } from '../../../runtime/events/conditions.ts';

const site = {
  name: 'AMS1',
  status: { value: 'active', label: 'Active' },
  asns: [64512, 64513],
  tags: [{ slug: 'core' }, { slug: 'edge' }],
  tenant: null,
  rack_count: 4,
  has_power: true,
};

describe('evaluateConditions', () => {
  it.each([
    { given: null, want: true },
    { given: { attr: 'name', value: 'AMS1' }, want: true },
    { given: { attr: 'name', value: 'AMS1', negate: true }, want: false },
    { given: { attr: 'status.value', value: 'active' }, want: true },
    { given: { attr: 'name', value: 'MS', op: 'contains' }, want: true },
    // a regex matches from the start, as Python's re.match
    { given: { attr: 'name', value: 'MS\\d', op: 'regex' }, want: false },
    { given: { attr: 'name', value: 'AM', op: 'regex' }, want: true },
    { given: { attr: 'rack_count', value: 4, op: 'gte' }, want: true },
    { given: { attr: 'rack_count', value: 4, op: 'gt' }, want: false },
    { given: { attr: 'asns', value: 64513, op: 'contains' }, want: true },
    { given: { attr: 'status.value', value: ['planned', 'active'], op: 'in' }, want: true },
    // a path through a list reads every item's value
    { given: { attr: 'tags.slug', value: 'edge', op: 'contains' }, want: true },
    { given: { attr: 'tenant', value: null }, want: true },
    { given: { attr: 'has_power', value: false }, want: false },
    // an attribute the object lacks never matches, negated or not
    { given: { attr: 'nope', value: 1, negate: true }, want: false },
    {
      given: {
        and: [
          { attr: 'name', value: 'AMS1' },
          {
            or: [
              { attr: 'rack_count', value: 9 },
              { attr: 'tenant', value: null },
            ],
          },
        ],
      },
      want: true,
    },
    {
      given: {
        AND: [
          { attr: 'name', value: 'AMS1' },
          { attr: 'rack_count', value: 9 },
        ],
      },
      want: false,
    },
  ])('$given', ({ given, want }) => {
    validateConditions(given);
    expect(evaluateConditions(given, site)).toBe(want);
  });
});

describe('validateConditions', () => {
  it.each([
    { given: [], want: 'conditions: must be an object' },
    { given: { and: {} }, want: 'conditions.and: must be a list of conditions' },
    { given: { attr: 'a', value: 1, extra: 1 }, want: 'conditions: unknown key "extra"' },
    { given: { value: 1 }, want: 'conditions: "attr" must be a non-empty string' },
    { given: { attr: 'a' }, want: 'conditions: "value" is required' },
    { given: { attr: 'a', value: 1, negate: 'yes' }, want: 'conditions: "negate" must be true or false' },
    { given: { attr: 'a', value: {} }, want: 'conditions: unsupported value type' },
    {
      given: { or: [{ attr: 'a', value: 'x', op: 'gt' }] },
      want: 'conditions.or[0]: op "gt" is not valid for a string value (use eq, contains, regex)',
    },
    { given: { attr: 'a', value: '(', op: 'regex' }, want: 'conditions: invalid regular expression' },
  ])('refuses $given', ({ given, want }) => {
    expect(() => validateConditions(given)).toThrow(new ConditionError(want));
  });
});
