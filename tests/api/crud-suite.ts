/**
 * The generic API suite over every model of the catalogue: create, read, shape, page, update and
 * delete through the HTTP API. Run on main (tests/api/crud.test.ts) and inside a branch
 * (tests/branching/api-suite.test.ts): a model added to models/<app>.yaml is tested with no new code.
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../generated/catalogue.ts';
import type { ModelDef } from '../../runtime/catalogue/index.ts';
import { apiPath, type Factory } from '../helpers/factory.ts';
import type { TestServer } from '../helpers/server.ts';

export interface SuiteTarget {
  readonly server: TestServer;
  readonly factory: Factory;
}

export function crudSuite(target: () => SuiteTarget): void {
  const ctx = {
    get server() {
      return target().server;
    },
    get factory() {
      return target().factory;
    },
  };
  const models = Object.values(catalogue.models);
  const writable = models.filter((m) => !m.readOnly);
  const readOnly = models.filter((m) => m.readOnly);

  function visibleFields(m: ModelDef): string[] {
    return m.fields.filter((f) => !f.hidden && !f.writeOnly && !f.unlisted).map((f) => f.name);
  }

  /** A string field that can be changed freely (no uniqueness, no pattern). */
  function editableText(m: ModelDef): string | undefined {
    const f = m.fields.find(
      (x) =>
        (x.kind === 'string' || x.kind === 'text') &&
        !x.readOnly &&
        !x.hidden &&
        !x.unique &&
        !x.pattern &&
        x.name !== 'name' &&
        !m.uniques.some((u) => u.fields.includes(x.name)),
    );
    return f?.name;
  }

  describe.each(writable.map((m) => [m.key, m] as const))('%s', (_key, model) => {
    it('creates an object and returns its complete representation', async () => {
      const body = await ctx.factory.payload(model);
      const r = await ctx.factory.submit(model, 'POST', apiPath(model), body);
      expect(r.status, r.text).toBe(201);
      expect(Object.keys(r.body)).toEqual(visibleFields(model));
      expect(r.body.id).toBeTypeOf('number');
      expect(r.body.url).toBe(`${ctx.server.url}${apiPath(model)}${r.body.id}/`);
      expect(r.headers.get('location')).toBe(r.body.url);
      expect(r.body.display).toBeTypeOf('string');
      expect(r.body.display.length).toBeGreaterThan(0);
      for (const f of model.fields) {
        if (f.kind === 'choice' && !f.plain && r.body[f.name] !== null)
          expect(Object.keys(r.body[f.name])).toEqual(['value', 'label']);
        // a plain foreign key reads as its id (NetBox leaves the relation to DRF)
        if (f.kind === 'fk' && body[f.name] !== undefined)
          expect(f.plain ? r.body[f.name] : r.body[f.name].id).toBe(body[f.name]);
      }
    });

    it('reads an object back, complete, brief, and shaped by fields and omit', async () => {
      const created = await ctx.factory.create(model);
      const path = `${apiPath(model)}${created.id}/`;
      const full = await ctx.server.request('GET', path);
      expect(full.status).toBe(200);
      expect(Object.keys(full.body)).toEqual(visibleFields(model));
      expect(full.headers.get('api-version')).toBe('4.6');
      expect(full.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const brief = await ctx.server.request('GET', `${path}?brief=true`);
      expect(Object.keys(brief.body).sort()).toEqual([...model.brief].sort());
      const briefOld = await ctx.server.request('GET', `${path}?brief=1`);
      expect(Object.keys(briefOld.body).sort()).toEqual([...model.brief].sort());
      const some = await ctx.server.request('GET', `${path}?fields=id,display`);
      expect(some.body).toEqual({ id: created.id, display: full.body.display });
      const omitted = await ctx.server.request('GET', `${path}?omit=url,display`);
      expect(Object.keys(omitted.body)).toEqual(visibleFields(model).filter((n) => n !== 'url' && n !== 'display'));
    });

    it('lists objects in pages with next and previous links', async () => {
      for (let i = 0; i < 3; i++) await ctx.factory.create(model);
      const first = await ctx.server.request('GET', `${apiPath(model)}?limit=2`);
      expect(first.status).toBe(200);
      expect(first.headers.get('allow')).toContain('POST');
      expect(first.body.count).toBeGreaterThanOrEqual(3);
      expect(first.body.results).toHaveLength(2);
      expect(first.body.previous).toBeNull();
      expect(first.body.next).toBe(`${ctx.server.url}${apiPath(model)}?limit=2&offset=2`);
      const second = await ctx.server.request(
        'GET',
        new URL(first.body.next).pathname + new URL(first.body.next).search,
      );
      expect(second.body.previous).toBe(`${ctx.server.url}${apiPath(model)}?limit=2`);
      const ids = [...first.body.results, ...second.body.results].map((o: { id: number }) => o.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('updates with PATCH and PUT', async () => {
      const created = await ctx.factory.create(model);
      const path = `${apiPath(model)}${created.id}/`;
      const field = editableText(model);
      if (field) {
        const patched = await ctx.server.request('PATCH', path, { [field]: 'changed by patch' });
        expect(patched.status, patched.text).toBe(200);
        expect(patched.body[field]).toBe('changed by patch');
      }
      const full = await ctx.factory.payload(model);
      const put = await ctx.factory.submit(model, 'PUT', path, full);
      expect(put.status, put.text).toBe(200);
      expect(put.body.id).toBe(created.id);
      const missing = await ctx.server.request('PATCH', `${apiPath(model)}999999999/`, {});
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: `No ${model.className} matches the given query.` });
    });

    it('names every faulty field of a create at once and writes nothing, alone and in a bulk create', async () => {
      const { body, faulty } = await ctx.factory.faultyPayload(model);
      const count = async () => (await ctx.server.request('GET', `${apiPath(model)}?limit=1`)).body.count as number;
      const before = await count();
      const r = await ctx.factory.submit(model, 'POST', apiPath(model), body);
      expect(r.status, r.text).toBe(400);
      expect(Object.keys(r.body).sort(), r.text).toEqual([...faulty].sort());
      // a bulk create answers per item (NetBox's list serializer): the faulty item's faults, the valid one's none
      if (!model.fields.some((f) => f.kind === 'image' && f.required)) {
        const bulk = await ctx.server.request('POST', apiPath(model), [body, await ctx.factory.payload(model)]);
        expect(bulk.status, bulk.text).toBe(400);
        expect(bulk.body, bulk.text).toHaveLength(2);
        expect(Object.keys(bulk.body[0]).sort(), bulk.text).toEqual([...faulty].sort());
        expect(bulk.body[1], bulk.text).toEqual({});
      }
      expect(await count()).toBe(before);
    });

    it('names every faulty field of an update at once, alone and in a bulk update, and changes nothing', async () => {
      const target = await ctx.factory.create(model);
      const path = `${apiPath(model)}${target.id}/`;
      const { body, faulty } = await ctx.factory.faultyPayload(model);
      // a PATCH sends only the faulty values: a field it leaves out is not missing
      const given = faulty.filter((k) => k in body);
      const patch = Object.fromEntries(given.map((k) => [k, body[k]]));
      const before = (await ctx.server.request('GET', path)).body;
      const r = await ctx.factory.submit(model, 'PATCH', path, patch);
      expect(r.status, r.text).toBe(400);
      expect(Object.keys(r.body).sort(), r.text).toEqual([...given].sort());
      const bulk = await ctx.server.request('PATCH', apiPath(model), [{ id: target.id, ...patch }]);
      expect(bulk.status, bulk.text).toBe(400);
      expect(Object.keys(bulk.body).sort(), bulk.text).toEqual([...given].sort());
      expect((await ctx.server.request('GET', path)).body).toEqual(before);
    });

    it('deletes an object (204, empty body) and then it is gone', async () => {
      const created = await ctx.factory.create(model);
      const path = `${apiPath(model)}${created.id}/`;
      const r = await ctx.server.request('DELETE', path);
      expect(r.status, r.text).toBe(204);
      expect(r.text).toBe('');
      expect((await ctx.server.request('GET', path)).status).toBe(404);
    });
  });

  describe.each(readOnly.map((m) => [m.key, m] as const))('%s (read-only)', (_key, model) => {
    it('lists and refuses writes with 405', async () => {
      const r = await ctx.server.request('GET', apiPath(model));
      expect(r.status).toBe(200);
      expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      const post = await ctx.server.request('POST', apiPath(model), {});
      expect(post.status).toBe(405);
      expect(post.body).toEqual({ detail: 'Method "POST" not allowed.' });
    });
  });
}
