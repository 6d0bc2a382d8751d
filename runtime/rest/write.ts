/**
 * POST, PUT, PATCH and DELETE on list and detail URLs: body checks, permissions, then the one
 * write path; the response is the stored objects read back in the same transaction.
 */
import type { Context } from 'hono';
import type { ModelDef } from '../catalogue/index.ts';
import { ident, Params, query } from '../db/index.ts';
import type { AppEnv } from '../http/env.ts';
import { invalidInput, forbidden } from '../errors/index.ts';
import { isMultipart, readJson } from '../http/body.ts';
import { readMultipart } from '../http/multipart.ts';
import { noContent, respond } from '../http/render.ts';
import { permissionCondition, authorize, requireUser, type Access } from '../auth/index.ts';
import {
  createObjects,
  deleteObjects,
  updateObjects,
  type Pending,
  type WriteContext,
  type WriteGuard,
  typeName,
} from '../write/index.ts';
import { allowHeader, fetchObjects, pathId } from './read.ts';

function guardFor(c: Context<AppEnv>, access: Access, target?: ModelDef): WriteGuard {
  return {
    // rows of the model being changed or deleted must meet the caller's constraints
    rowCondition(model) {
      return model === target ? access.condition : undefined;
    },
    // attribute lookups only find objects the caller may view
    async viewCondition(model) {
      // a write has a caller (authorize let it through)
      const user = requireUser(c);
      if (user.isSuperuser) return undefined;
      const { registry, settings, cache } = c.var.services;
      const grant = await permissionCondition({ db: c.var.tx, registry, settings, cache }, user, model, 'view');
      if (!grant) return () => 'FALSE';
      return grant.condition;
    },
    // an add or change may not leave the object outside the caller's constraints
    async checkWritten(ctx, model, action, ids) {
      if (!access.condition || action === 'delete' || !ids.length) return;
      const params = new Params();
      const list = params.add(ids);
      const cond = access.condition('t', params);
      const [{ n }] = await query(
        ctx.db,
        `SELECT count(*) AS n FROM ${ident(model.table)} t
        WHERE t.id = ANY(${list}::bigint[]) AND NOT coalesce(${cond}, false)`,
        params.values,
      );
      if ((n as number) > 0) throw forbidden();
    },
  };
}

export function writeContext(c: Context<AppEnv>, access: Access, target?: ModelDef): WriteContext {
  const { registry, settings, observers, hooks } = c.var.services;
  const user = c.var.user;
  return {
    db: c.var.tx,
    registry,
    settings,
    actor: user ? { id: user.id, username: user.username } : null,
    requestId: c.var.requestId,
    request: { method: c.req.method, path: new URL(c.req.url).pathname },
    observers,
    hooks,
    guard: guardFor(c, access, target),
    strictInput: settings.strictBody,
    ignored: c.var.ignored,
    afterCommit: (fn) => {
      c.var.effects.commit.push(fn);
    },
    ...(c.var.branch ? { branch: { id: c.var.branch.id, schema: c.var.branch.schema } } : {}),
  };
}

function requireBody(body: unknown): void {
  if (body === undefined) throw invalidInput({ non_field_errors: ['No data provided.'] });
}

function checkBulkSize(c: Context<AppEnv>, items: unknown[]): void {
  const limit = c.var.services.settings.bulkLimit;
  if (items.length > limit)
    throw invalidInput({ non_field_errors: [`Too many items: ${items.length} exceeds the bulk limit of ${limit}.`] });
}

function expectList(body: unknown): unknown[] {
  if (!Array.isArray(body)) {
    const type =
      body === null ? 'NoneType' : typeof body === 'object' ? 'dict' : typeof body === 'string' ? 'str' : typeof body;
    throw invalidInput({ non_field_errors: [`Expected a list of items but got type "${type}".`] });
  }
  return body;
}

function present(
  c: Context<AppEnv>,
  model: ModelDef,
  items: readonly Pending[],
  objects: Record<string, unknown>[],
): void {
  const hook = model.hooks ? c.var.services.hooks.get(model.hooks)?.present : undefined;
  if (!hook) return;
  objects.forEach((o, i) => {
    const item = items[i];
    if (item) hook(item, o);
  });
}

/** The body: JSON, or multipart form data (one object; the only way to send a file), as NetBox parses both. */
async function readBody(c: Context<AppEnv>, model: ModelDef): Promise<unknown> {
  if (isMultipart(c.req.header('content-type'))) return readMultipart(c, model);
  return readJson(c);
}

export async function createHandler(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const access = await authorize(c, model, 'add');
  const body = await readBody(c, model);
  requireBody(body);
  const bulk = Array.isArray(body);
  const inputs = bulk ? body : [body];
  checkBulkSize(c, inputs);
  const items = await createObjects(writeContext(c, access, model), model, inputs, { bulk });
  const objects = await fetchObjects(
    c,
    model,
    items.map((i) => i.id),
  );
  present(c, model, items, objects);
  if (bulk) return respond(c, 201, objects);
  const [object] = objects;
  return respond(c, 201, object, { Location: String(object.url ?? '') });
}

async function update(
  c: Context<AppEnv>,
  model: ModelDef,
  partial: boolean,
  inputs: { id: unknown; data: unknown }[],
  bulk: boolean,
): Promise<Response> {
  const access = await authorize(c, model, 'change');
  checkBulkSize(c, inputs);
  // objects outside the caller's change constraints do not exist for this request (write path)
  const items = await updateObjects(writeContext(c, access, model), model, inputs, {
    bulk,
    partial,
    netboxBulk: bulk,
  });
  const objects = await fetchObjects(
    c,
    model,
    items.map((i) => i.id),
  );
  present(c, model, items, objects);
  return respond(c, 200, bulk ? objects : objects[0], bulk ? {} : { Allow: allowHeader(model, false) });
}

export async function updateHandler(c: Context<AppEnv>, model: ModelDef, partial: boolean): Promise<Response> {
  const id = pathId(c);
  const body = await readBody(c, model);
  requireBody(body);
  return update(c, model, partial, [{ id, data: body }], false);
}

export async function bulkUpdateHandler(c: Context<AppEnv>, model: ModelDef, partial: boolean): Promise<Response> {
  const body = await readJson(c);
  requireBody(body);
  const list = expectList(body);
  return update(
    c,
    model,
    partial,
    list.map((item) => ({
      id: item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined,
      data: item,
    })),
    true,
  );
}

export async function deleteHandler(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const id = pathId(c);
  const body = await readJson(c);
  const access = await authorize(c, model, 'delete');
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw invalidInput({ non_field_errors: ['A DELETE body may only carry {"changelog_message": "…"}.'] });
  }
  await deleteObjects(
    writeContext(c, access, model),
    model,
    [{ id, message: (body as { changelog_message?: unknown } | undefined)?.changelog_message }],
    { bulk: false },
  );
  return noContent();
}

export async function bulkDeleteHandler(c: Context<AppEnv>, model: ModelDef): Promise<Response> {
  const body = await readJson(c);
  const access = await authorize(c, model, 'delete');
  requireBody(body);
  const list = expectList(body);
  checkBulkSize(c, list);
  // each item an object naming an id, as NetBox's bulk serializer wants (a bare id is refused)
  const isObject = (item: unknown) => !!item && typeof item === 'object' && !Array.isArray(item);
  if (!list.every(isObject))
    throw invalidInput(
      list.map((item) =>
        isObject(item) ? {} : { non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(item)}.`] },
      ),
    );
  const inputs = list.map((item) => ({
    id: (item as { id?: unknown }).id,
    message: (item as { changelog_message?: unknown }).changelog_message,
  }));
  await deleteObjects(writeContext(c, access, model), model, inputs, { bulk: true, netboxBulk: true });
  return noContent();
}
