/**
 * The OpenAPI document describes what the server really returns: it passes a real OpenAPI
 * validator, and every model's list (complete and brief) and detail responses, and its error
 * responses, validate against the document's own response schemas with ajv.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import { apiPath, Factory } from '../helpers/factory.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let doc: any;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  s = await startTestServer();
  doc = (await s.request('GET', '/api/schema/')).body;
  ajv.addSchema(doc, 'doc');
});
afterAll(async () => s?.stop());

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function check(path: string, method: string, status: string, body: unknown): void {
  const op = doc.paths[path]?.[method];
  expect(op, `${method} ${path} is described`).toBeDefined();
  // an answer many operations give is a reference to components.responses
  const shared: string | undefined = op.responses[status]?.$ref;
  const at = shared ? shared.slice(2).split('/') : ['paths', path, method, 'responses', status];
  const response = shared ? doc.components.responses[at[2]!] : op.responses[status];
  expect(response?.content?.['application/json']?.schema, `${method} ${path} → ${status} is described`).toBeDefined();
  const validate = ajv.getSchema(`doc#/${pointer(...at, 'content', 'application/json', 'schema')}`)!;
  const ok = validate(body);
  expect(ok, `${method} ${path} → ${status}: ${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`).toBe(true);
}

describe('the document', () => {
  it('passes an OpenAPI validator, and every schema in it is valid JSON Schema 2020-12', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)));
    expect(result.errors ?? [], JSON.stringify(result.errors?.slice(0, 3))).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(ajv.validateSchema(schema as object), `${name}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    }
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const declared = [...(item.parameters ?? []), ...Object.values<any>(item).flatMap((o) => o?.parameters ?? [])]
        .filter((p: any) => p.in === 'path')
        .map((p: any) => p.name);
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g))
        expect(declared, `${path} declares {${name}}`).toContain(name);
    }
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['Bearer', 'Token']);
  });

  it("lists the spec's /api/extras/object-changes/ beside NetBox's core path, with operations of its own", () => {
    for (const path of ['/api/extras/object-changes/', '/api/extras/object-changes/{id}/'])
      expect(Object.keys(doc.paths)).toContain(path);
    const ids = Object.values<any>(doc.paths).flatMap((item) =>
      Object.values<any>(item).flatMap((o) => (o?.operationId ? [o.operationId] : [])),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/extras/object-changes/'].get.operationId).toBe('extras_object_changes_list');
  });

  it('is served as YAML too', async () => {
    const r = await s.request('GET', '/api/schema/?format=yaml');
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/^openapi: 3\.1\.0/m);
  });
});

describe('the response check', () => {
  it('can fail: a response missing a field or with a wrong type does not validate', async () => {
    const site = (await s.request('POST', '/api/dcim/sites/', { name: 'shape', slug: 'shape' })).body;
    const at = pointer(
      'paths',
      '/api/dcim/sites/{id}/',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
    );
    const validate = ajv.getSchema(`doc#/${at}`)!;
    expect(validate(site)).toBe(true);
    const { slug: _slug, ...noSlug } = site;
    expect(validate({ ...noSlug, display: 'x', id: 1 })).toBe(false);
    expect(validate({ ...site, created: 'yesterday' })).toBe(false);
    expect(validate({ ...site, status: { value: 'bogus', label: 'Bogus' } })).toBe(false);
  });
});

describe('every model response matches the document', () => {
  const models = Object.values(catalogue.models);
  it.each(models.map((m) => [m.key, m] as const))('%s', async (_key, model) => {
    const factory = new Factory(s, catalogue);
    const base = apiPath(model);
    if (!model.readOnly) {
      const created = await factory.create(model);
      check(base, 'post', '201', created);
      const patched = await s.request('PATCH', `${base}${created.id}/`, {});
      check(`${base}{id}/`, 'patch', '200', patched.body);
      const bulk = await s.request('PATCH', base, [{ id: created.id }]);
      check(base, 'patch', '200', bulk.body);
    }
    const anonymous = await fetch(`${s.url}${base}`);
    expect(anonymous.status).toBe(403);
    check(base, 'get', '403', await anonymous.json());
    const list = await s.request('GET', `${base}?limit=5`);
    expect(list.status).toBe(200);
    check(base, 'get', '200', list.body);
    const brief = await s.request('GET', `${base}?limit=5&brief=true`);
    check(base, 'get', '200', brief.body);
    if (list.body.results.length) {
      const detail = await s.request('GET', `${base}${list.body.results[0].id}/`);
      check(`${base}{id}/`, 'get', '200', detail.body);
    }
    const missing = await s.request('GET', `${base}999999999/`);
    expect(missing.status).toBe(404);
    check(`${base}{id}/`, 'get', '404', missing.body);
    if (!model.readOnly) {
      const bad = await s.request('POST', base, {
        id: 'x',
        [model.fields.find((f) => f.kind === 'string' && !f.readOnly)?.name ?? 'name']: ['not a string'],
      });
      expect(bad.status).toBe(400);
      check(base, 'post', '400', bad.body);
    }
  });
});

describe('the hand-written endpoints match the document', () => {
  it('root, listings, status, token provisioning, job requeue and branch actions', async () => {
    check('/api/', 'get', '200', (await s.request('GET', '/api/')).body);
    check('/api/status/', 'get', '200', (await s.request('GET', '/api/status/')).body);
    check('/api/dcim/', 'get', '200', (await s.request('GET', '/api/dcim/')).body);
    check('/api/plugins/', 'get', '200', (await s.request('GET', '/api/plugins/')).body);
    check('/api/plugins/branching/', 'get', '200', (await s.request('GET', '/api/plugins/branching/')).body);

    const provisioned = await s.request(
      'POST',
      '/api/users/tokens/provision/',
      { username: 'admin', password: 'admin-password' },
      { Authorization: '' },
    );
    expect(provisioned.status).toBe(201);
    check('/api/users/tokens/provision/', 'post', '201', provisioned.body);
    const refused = await s.request(
      'POST',
      '/api/users/tokens/provision/',
      { username: 'admin', password: 'wrong' },
      { Authorization: '' },
    );
    check('/api/users/tokens/provision/', 'post', '403', refused.body);
    const invalid = await s.request(
      'POST',
      '/api/users/tokens/provision/',
      { username: 'admin' },
      { Authorization: '' },
    );
    check('/api/users/tokens/provision/', 'post', '400', invalid.body);

    check(
      '/api/core/jobs/{id}/requeue/',
      'post',
      '404',
      (await s.request('POST', '/api/core/jobs/999999/requeue/')).body,
    );

    const branch = (await s.request('POST', '/api/plugins/branching/branches/', { name: 'documented' })).body;
    const notReady = await s.request('POST', `/api/plugins/branching/branches/${branch.id}/sync/`, { commit: true });
    expect(notReady.status).toBe(409);
    check('/api/plugins/branching/branches/{id}/sync/', 'post', '409', notReady.body);
    const badBody = await s.request('POST', `/api/plugins/branching/branches/${branch.id}/merge/`, {});
    check('/api/plugins/branching/branches/{id}/merge/', 'post', '400', badBody.body);
    check(
      '/api/plugins/branching/branches/{id}/archive/',
      'post',
      '409',
      (await s.request('POST', `/api/plugins/branching/branches/${branch.id}/archive/`)).body,
    );
    await s.sql.unsafe("UPDATE netbox_branching_branch SET status = 'failed' WHERE id = $1", [branch.id]);
    const retry = await s.request('POST', `/api/plugins/branching/branches/${branch.id}/retry/`);
    expect(retry.status).toBe(200);
    check('/api/plugins/branching/branches/{id}/retry/', 'post', '200', retry.body);
    check(
      '/api/plugins/branching/branchable-models/',
      'get',
      '200',
      (await s.request('GET', '/api/plugins/branching/branchable-models/')).body,
    );
  });

  it('background tasks, queues and workers, scripts, user preferences and installed plugins', async () => {
    const get = async (path: string) => (await s.request('GET', path)).body;
    // the retried provisioning above is a task of the queue
    const tasks = await get('/api/core/background-tasks/');
    expect(tasks.count).toBeGreaterThan(0);
    check('/api/core/background-tasks/', 'get', '200', tasks);
    check(
      '/api/core/background-tasks/{id}/',
      'get',
      '200',
      await get(`/api/core/background-tasks/${tasks.results[0].id}/`),
    );
    check('/api/core/background-tasks/{id}/', 'get', '404', await get('/api/core/background-tasks/none/'));
    check('/api/core/background-queues/', 'get', '200', await get('/api/core/background-queues/'));
    check('/api/core/background-queues/{name}/', 'get', '200', await get('/api/core/background-queues/default/'));
    check('/api/core/background-workers/', 'get', '200', await get('/api/core/background-workers/'));
    check('/api/extras/scripts/', 'get', '200', await get('/api/extras/scripts/'));
    check(
      '/api/extras/scripts/upload/',
      'post',
      '403',
      (await s.request('POST', '/api/extras/scripts/upload/', {})).body,
    );
    check('/api/users/config/', 'get', '200', await get('/api/users/config/'));
    check('/api/users/config/', 'patch', '200', (await s.request('PATCH', '/api/users/config/', { a: { b: 1 } })).body);
    check('/api/plugins/installed-plugins/', 'get', '200', await get('/api/plugins/installed-plugins/'));
  });
  it("the change stream's refusals and the delivery log's actions", async () => {
    const stream = await s.request('GET', '/api/core/object-changes/stream/?since=x', undefined, {
      Accept: 'text/event-stream',
    });
    expect(stream.status).toBe(400);
    check('/api/core/object-changes/stream/', 'get', '400', stream.body);
    // a change no longer kept (its record pruned) while later ones are: 410 with where to start again
    const first = (await s.request('POST', '/api/tenancy/tenants/', { name: 'doc-a', slug: 'doc-a' })).body;
    await s.request('POST', '/api/tenancy/tenants/', { name: 'doc-b', slug: 'doc-b' });
    const [pruned] = await s.sql.unsafe(
      `DELETE FROM core_objectchange WHERE changed_object_type = 'tenancy.tenant' AND changed_object_id = $1
       RETURNING id`,
      [first.id],
    );
    const gone = await s.request('GET', `/api/extras/object-changes/stream/?since=${pruned!.id}`);
    expect(gone.status, gone.text).toBe(410);
    check('/api/extras/object-changes/stream/', 'get', '410', gone.body);
    const missing = await s.request('POST', '/api/extras/webhook-deliveries/999999/retry/');
    check('/api/extras/webhook-deliveries/{id}/retry/', 'post', '404', missing.body);
    const hook = (await s.request('POST', '/api/extras/webhooks/', { name: 'doc', payload_url: 'http://x.invalid/' }))
      .body;
    // a failed delivery as the worker logs one (its payload kept), so that retry and replay have one to send
    const payload = { webhook_id: hook.id, event_rule_id: null, change_id: 7, context: { event: 'created' } };
    const [row] = await s.sql.unsafe(
      `INSERT INTO extras_webhookdelivery (delivery_id, webhook_id, event, change_id, status, time, payload)
       VALUES ('00000000-0000-4000-8000-000000000007', $1, 'created', 7, 'failed', now(), $2) RETURNING id`,
      [hook.id, JSON.stringify(payload)],
    );
    const retry = await s.request('POST', `/api/extras/webhook-deliveries/${row!.id}/retry/`);
    expect(retry.status, retry.text).toBe(202);
    check('/api/extras/webhook-deliveries/{id}/retry/', 'post', '202', retry.body);
    const replay = await s.request('POST', `/api/extras/webhooks/${hook.id}/replay/`, { start: 1, end: 9 });
    expect(replay.status).toBe(202);
    expect(replay.body.count).toBe(1);
    check('/api/extras/webhooks/{id}/replay/', 'post', '202', replay.body);
    const bad = await s.request('POST', `/api/extras/webhooks/${hook.id}/replay/`, {});
    check('/api/extras/webhooks/{id}/replay/', 'post', '400', bad.body);
  });
});
