/**
 * Jinja2 forms NetBox templates use, rendered by the template engine (liquidjs underneath) through
 * a config template's render endpoint: filters with call syntax, selectattr, items(), elif, set,
 * loop variables and comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

async function render(code: string, context: Record<string, unknown>): Promise<{ status: number; content: string }> {
  const tpl = await s.request('POST', '/api/extras/config-templates/', {
    name: `t-${Math.random().toString(36).slice(2)}`,
    template_code: code,
  });
  expect(tpl.status, tpl.text).toBe(201);
  const r = await s.request('POST', `/api/extras/config-templates/${tpl.body.id}/render/`, context);
  return { status: r.status, content: r.body.content ?? r.text };
}

describe('Jinja2 templates', () => {
  it('accepts filters in call syntax: upper, lower, default, join, tojson', async () => {
    const r = await render(
      "{{ name | upper }} {{ name | lower }} {{ missing | default('n/a') }} {{ nothing | default('x', true) }}|{{ " +
        "nothing | default('x') }}| {{ tags | join(', ') }} {{ data | tojson }}",
      { name: 'Ams1', nothing: '', tags: ['a', 'b'], data: { k: 1 } },
    );
    expect(r).toEqual({ status: 200, content: 'AMS1 ams1 n/a x|| a, b {"k":1}' });
  });

  it('filters lists with selectattr and rejectattr, and maps attributes', async () => {
    const ifaces = [
      { name: 'eth0', enabled: true, mode: 'access' },
      { name: 'eth1', enabled: false, mode: 'tagged' },
      { name: 'eth2', enabled: true, mode: 'tagged' },
    ];
    const r = await render(
      "{% for i in interfaces | selectattr('enabled') %}{{ i.name }} {% endfor %}/{% for i in interfaces | " +
        "selectattr('mode', 'equalto', 'tagged') %}{{ i.name }} {% endfor %}/{{ interfaces | " +
        "rejectattr('enabled') | map(attribute='name') | join(',') }}",
      { interfaces: ifaces },
    );
    expect(r.content).toBe('eth0 eth2 /eth1 eth2 /eth1');
  });

  it('iterates a mapping with items(), and knows elif, set, loop and comments', async () => {
    const r = await render(
      "{# a comment #}{% set greeting = 'hi' %}" +
        '{% for k, v in vlans.items() %}{{ loop.index }}:{{ k }}={{ v }}' +
        '{% if v > 100 %}+{% elif v > 10 %}~{% else %}-{% endif %} {% endfor %}{{ greeting }}',
      { vlans: { mgmt: 5, data: 50, voice: 200 } },
    );
    expect(r.content).toBe('1:mgmt=5- 2:data=50~ 3:voice=200+ hi');
  });

  it('reports a template error as a JSON error, not a crash', async () => {
    const r = await render("{{ x | selectattr('a', 'nonsense', 1) }}", { x: [{ a: 1 }] });
    expect(r.status).toBe(500);
    expect(r.content).toBeDefined();
  });
});
