/**
 * Builds valid objects of any catalogued model from the catalogue alone: required fields get
 * values by kind (unique where they must be), required relations are created first through the
 * API. This is what lets one generic suite test every model, including ones added later.
 */
import type { Catalogue, FieldDef, GenericField, ModelDef } from '../../runtime/catalogue/index.ts';
import { AUTH, type Reply, type TestServer } from './server.ts';
import { png } from './images.ts';

let counter = 0;
const next = () => ++counter;

export function apiPath(model: ModelDef): string {
  return `/api/${model.apiPath}/`;
}

function text(f: FieldDef, n: number): string {
  const base =
    f.kind === 'slug'
      ? `s-${n}-${Math.random().toString(36).slice(2, 8)}`
      : `${f.name}-${n}-${Math.random().toString(36).slice(2, 8)}`;
  return f.maxLength ? base.slice(0, f.maxLength) : base;
}

function octets(n: number): [number, number] {
  return [(Math.floor(n / 250) % 250) + 1, (n % 250) + 1];
}

export class Factory {
  constructor(
    private readonly server: TestServer,
    private readonly catalogue: Catalogue,
  ) {}

  model(key: string): ModelDef {
    return this.catalogue.models[key]!;
  }

  /** A value for one field, creating related objects when needed. */
  async value(model: ModelDef, f: FieldDef): Promise<unknown> {
    const n = next();
    if (f.example !== undefined && !f.unique && f.kind !== 'ipaddress' && f.kind !== 'ipnetwork') return f.example;
    switch (f.kind) {
      case 'string':
      case 'text':
      case 'slug':
        {
          const pattern = f.pattern ?? f.validators?.find((v) => !v.inverse)?.pattern;
          if (pattern && pattern !== '^[-a-zA-Z0-9_]+$') {
            if (pattern.includes('0-9a-f')) return 'aa11bb';
            if (pattern.includes('a-z0-9_')) return `f_${n}_${Math.random().toString(36).slice(2, 6)}`;
            if (pattern.includes('\\w')) return `user${n}${Math.random().toString(36).slice(2, 6)}`;
          }
        }
        return text(f, n);
      case 'password':
        return `Password-${n}-secret`;
      case 'integer':
      case 'bigint': {
        const min = f.min ?? 1;
        const max = f.max ?? 2_000_000_000;
        return f.unique ? Math.min(max, min + (n % Math.max(1, max - min))) : Math.min(max, Math.max(min, 1));
      }
      case 'decimal':
        return f.min !== undefined ? f.min : 1;
      case 'boolean':
        return true;
      case 'date':
        return '2026-01-02';
      case 'timestamp':
        return '2030-01-02T03:04:05Z';
      case 'json':
        return {};
      case 'choice':
        return f.default ?? this.catalogue.choices[f.choices!]![0]!.value;
      case 'ipnetwork': {
        const [a, b] = octets(n);
        return `10.${a}.${b}.0/24`;
      }
      case 'ipaddress': {
        const [a, b] = octets(n);
        return `10.${a}.${b}.1/24`;
      }
      case 'list':
        return f.item === 'object_type' ? ['dcim.site'] : [];
      case 'object_type':
        return f.types?.[0] ?? 'dcim.site';
      case 'fk': {
        const target = this.model(f.to!);
        return (await this.create(target)).id;
      }
      case 'children': {
        // one new object of the first type the child's generic relation allows
        const child = this.model(f.to);
        const item = child.fields.find((g) => g.kind === 'generic' && g.name === f.children.item);
        if (item?.kind !== 'generic') throw new Error(`${child.key} has no generic field ${f.children.item}`);
        const target = this.model(item.types[0]!);
        return [{ object_type: target.key, object_id: (await this.create(target)).id }];
      }
      default:
        return undefined;
    }
  }

  /** A minimal valid body: required fields only (plus anything in `extra`). */
  async payload(model: ModelDef, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const body: Record<string, unknown> = {};
    // fields a rule needs on create (a cable's two ends)
    const needed = new Set(model.rules.flatMap((r) => (r.type === 'all_of' ? r.fields : [])));
    for (const f of model.fields) {
      if (f.readOnly || f.hidden || f.kind === 'computed' || f.name in extra) continue;
      if (
        f.kind === 'generic' ||
        model.fields.some((g) => g.kind === 'generic' && (g.typeColumn === f.name || g.idColumn === f.name))
      )
        continue;
      if (!f.required && !f.modelRequired && !needed.has(f.name)) continue;
      const v = await this.value(model, f);
      if (v !== undefined) body[f.name] = v;
    }
    // a rule asking for one of several fields: give the first
    const wanted = new Set(model.rules.flatMap((r) => (r.type === 'one_of' ? [r.fields[0]!] : [])));
    for (const name of wanted) {
      const f = model.fields.find((x) => x.name === name)!;
      if (f.kind === 'fk' && !(name in extra)) body[name] = await this.value(model, f);
    }
    const typePart = (g: GenericField) => model.fields.find((x) => x.name === g.typeColumn);
    for (const g of model.fields) {
      if (g.kind !== 'generic') continue;
      if (!(typePart(g)?.required || typePart(g)?.modelRequired || wanted.has(g.typeColumn))) continue;
      if (g.typeColumn in extra) continue;
      const target = this.model(g.types[0]!);
      body[g.typeColumn] = target.key;
      body[g.idColumn] = (await this.create(target)).id;
    }
    // a rule that two paths agree (a module's bay belongs to its device): take the right side from the left
    for (const r of model.rules) {
      if (r.type !== 'same' || r.left.length !== 2 || r.right.length !== 1 || r.right[0]! in extra) continue;
      const via = model.fields.find((x) => x.name === r.left[0]);
      if (!via || via.kind !== 'fk' || body[via.name] === undefined) continue;
      const related = await this.server.request('GET', `${apiPath(this.model(via.to!))}${body[via.name]}/`);
      const value = related.body?.[r.left[1]!];
      if (value && typeof value === 'object' && 'id' in value) body[r.right[0]!] = value.id;
    }
    return { ...body, ...extra };
  }

  /**
   * A body with a fault in every field that can have one of its own (NetBox's serializer names them all
   * at once): each foreign key names no object, each number is below its minimum (or above its maximum),
   * each choice is none, each unique field repeats an existing object's value, each other text is too
   * long, a required field is left out, a tag and a custom field do not exist. `faulty` lists the keys.
   */
  async faultyPayload(model: ModelDef): Promise<{ body: Record<string, unknown>; faulty: string[] }> {
    const body = await this.payload(model);
    const faults = new Map<string, unknown>();
    const writable = model.fields.filter((f) => !f.readOnly && !f.hidden && f.kind !== 'computed');
    const unique = new Set(model.uniques.filter((u) => u.fieldLevel).map((u) => u.fields[0]));
    const existing = writable.some((f) => unique.has(f.name) && f.kind !== 'fk') ? await this.create(model) : {};
    for (const f of writable) {
      if (f.kind === 'fk') faults.set(f.name, 999_999_999);
      else if (f.kind === 'm2m') faults.set(f.name, [999_999_999]);
      else if ((f.kind === 'integer' || f.kind === 'bigint' || f.kind === 'decimal') && f.min !== undefined)
        faults.set(f.name, f.min - 1);
      else if ((f.kind === 'integer' || f.kind === 'bigint' || f.kind === 'decimal') && f.max !== undefined)
        faults.set(f.name, f.max + 1);
      else if (f.kind === 'choice') faults.set(f.name, 'invalid-choice');
      else if (unique.has(f.name) && existing[f.name] !== undefined && existing[f.name] !== null)
        faults.set(f.name, existing[f.name]);
      else if ((f.kind === 'string' || f.kind === 'text' || f.kind === 'slug') && f.maxLength)
        faults.set(f.name, 'x'.repeat(f.maxLength + 1));
    }
    const dropped = writable.find(
      (f) =>
        f.required && f.default === undefined && f.kind !== 'image' && f.kind !== 'children' && !faults.has(f.name),
    );
    if (dropped) delete body[dropped.name];
    if (model.features.tags) faults.set('tags', [{ name: 'no-such-tag-of-a-faulty-write' }]);
    if (model.features.customFields) faults.set('custom_fields', { no_such_custom_field: 1 });
    return {
      body: { ...body, ...Object.fromEntries(faults) },
      faulty: [...faults.keys(), ...(dropped ? [dropped.name] : [])],
    };
  }

  /** Sends a body: JSON, or multipart form data with an image when the model requires a file. */
  async submit(model: ModelDef, method: string, path: string, body: Record<string, unknown>): Promise<Reply> {
    const files = model.fields.filter((f) => f.kind === 'image' && f.required);
    if (!files.length) return this.server.request(method, path, body);
    const form = new FormData();
    for (const [k, v] of Object.entries(body)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    for (const f of files)
      form.append(f.name, new Blob([new Uint8Array(png(2, 2))], { type: 'image/png' }), 'factory.png');
    const res = await fetch(`${this.server.url}${path}`, {
      method,
      headers: { ...AUTH, ...this.server.headers },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
  }

  async create(model: ModelDef, extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const body = await this.payload(model, extra);
    const r = await this.submit(model, 'POST', apiPath(model), body);
    if (r.status !== 201)
      throw new Error(`creating ${model.key} failed (${r.status}): ${r.text}\nbody: ${JSON.stringify(body)}`);
    return r.body;
  }
}
