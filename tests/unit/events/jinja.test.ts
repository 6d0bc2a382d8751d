/**
 * Jinja2 → Liquid (runtime/events/jinja.ts) and rendering in the webhook sandbox (render.ts): the text each
 * Jinja form becomes, then what templates NetBox users write render to. tests/events/jinja.test.ts renders
 * through the API.
 */
import { describe, expect, it } from 'vitest';
import { fromJinja } from '../../../runtime/events/jinja.ts';
import { renderHeaders, renderTemplate, TemplateError } from '../../../runtime/events/render.ts';

/** Loop variables are numbered per process (`__loop7`): the tables write `__loopN`. */
const loops = (text: string) => text.replace(/__loop\d+/g, '__loopN');

describe('fromJinja', () => {
  it.each([
    { given: '{{ name }}', want: '{{ name }}' },
    { given: "{{ x | default('n/a') }}", want: "{{ x | default: 'n/a' }}" },
    { given: "{{ x | default('n/a', true) }}", want: "{{ x | default: 'n/a', true }}" },
    { given: "{{ l | map(attribute='name') | join(', ') }}", want: "{{ l | map: 'name' | join: ', ' }}" },
    { given: '{{ x | upper() }}', want: '{{ x | upper }}' },
    { given: 'a{# note #}b', want: 'ab' },
    { given: '{% if a %}1{% elif b %}2{% endif %}', want: '{% if a %}1{% elsif b %}2{% endif %}' },
    { given: '{%- elif b -%}', want: '{%- elsif b -%}' },
    { given: '{% set n = 3 %}', want: '{% assign n = 3 %}' },
    { given: '{{ loop.index }}/{{ loop.length }}', want: '{{ forloop.index }}/{{ forloop.length }}' },
    {
      given: '{% for k, v in data.items() %}',
      // the pairs are a filtered list, which a Liquid loop takes only once assigned
      want:
        '{% assign __loopN = data | items %}{% for __pair in __loopN %}{% assign k = __pair[0] %}' +
        '{% assign v = __pair[1] %}',
    },
    {
      given: "{% for i in l | selectattr('on') %}",
      want: "{% assign __loopN = l | selectattr: 'on' %}{% for i in __loopN %}",
    },
  ])('$given', ({ given, want }) => {
    expect(loops(fromJinja(given))).toBe(want);
  });
});

describe('renderTemplate', () => {
  const ifaces = [
    { name: 'eth0', enabled: true, mode: 'access', mtu: 1500 },
    { name: 'eth1', enabled: false, mode: null, mtu: 9000 },
    { name: 'eth2', enabled: true, mode: 'tagged', mtu: 9000 },
  ];
  it.each([
    { given: '{{ name | upper }}-{{ name | lower }}', context: { name: 'Ams1' }, want: 'AMS1-ams1' },
    { given: "{{ missing | default('n/a') }}", context: {}, want: 'n/a' },
    // default(x) replaces only what is undefined or null; default(x, true) every falsy value
    { given: "[{{ e | default('x') }}]", context: { e: '' }, want: '[]' },
    { given: "[{{ e | default('x', true) }}]", context: { e: '' }, want: '[x]' },
    { given: '{{ data | tojson }}', context: { data: { k: [1, 'a'] } }, want: '{"k":[1,"a"]}' },
    {
      given: "{{ i | selectattr('enabled') | map(attribute='name') | join(',') }}",
      context: { i: ifaces },
      want: 'eth0,eth2',
    },
    {
      given: "{{ i | rejectattr('mode', 'none') | map(attribute='name') | join(',') }}",
      context: { i: ifaces },
      want: 'eth0,eth2',
    },
    {
      given: "{{ i | selectattr('mtu', 'gt', 1500) | map(attribute='name') | join(',') }}",
      context: { i: ifaces },
      want: 'eth1,eth2',
    },
    {
      given: "{{ i | selectattr('mode', 'in', modes) | map(attribute='name') | join(',') }}",
      context: { i: ifaces, modes: ['access', 'routed'] },
      want: 'eth0',
    },
    {
      given: "{% for x in i | selectattr('enabled') %}{{ loop.index }}:{{ x.name }} {% endfor %}",
      context: { i: ifaces },
      want: '1:eth0 2:eth2 ',
    },
    {
      given: '{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}',
      context: { d: { a: 1, b: 2 } },
      want: 'a=1;b=2;',
    },
    {
      given: '{% set n = 2 %}{% if n > 3 %}big{% elif n > 1 %}mid{% else %}small{% endif %}',
      context: {},
      want: 'mid',
    },
    // own properties only: nothing from a prototype
    { given: '[{{ o.constructor }}{{ o.toString }}]', context: { o: {} }, want: '[]' },
  ])('$given', async ({ given, context, want }) => {
    expect(await renderTemplate(given, context)).toBe(want);
  });

  it('names what fails', async () => {
    await expect(renderTemplate('{{ x | nosuch }}', {})).rejects.toThrow(TemplateError);
    await expect(renderTemplate("{{ l | selectattr('a', 'odd') }}", { l: [{}] })).rejects.toThrow(
      'unknown test "odd" in selectattr/rejectattr',
    );
    await expect(renderTemplate('{% include "x" %}', {})).rejects.toThrow(TemplateError);
  });
});

describe('renderHeaders', () => {
  it('reads one "Name: value" a line', async () => {
    expect(await renderHeaders('X-Site: {{ s }}\n\nX-Id:{{ id }}', { s: 'ams 1', id: 4 })).toEqual({
      'X-Site': 'ams 1',
      'X-Id': '4',
    });
  });

  it.each([
    { given: 'X-A: {{ v }}', context: { v: 'a\r\nX-Evil: 1' }, want: 'contains a line break' },
    { given: 'not a header', context: {}, want: 'line 1 of additional_headers is not "Name: value"' },
    { given: 'X-A: {{ v | raw }}', context: { v: 'a\nb' }, want: 'contains a line break' },
  ])('refuses $given', async ({ given, context, want }) => {
    await expect(renderHeaders(given, context)).rejects.toThrow(want);
  });

  it('lets header_safe turn line breaks into spaces', async () => {
    expect(await renderHeaders('X-A: {{ v | header_safe }}', { v: 'a\r\nb' })).toEqual({ 'X-A': 'a  b' });
  });
});
