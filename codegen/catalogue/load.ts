/**
 * Reads the catalogue's files (models/<app>.yaml, models/bases.yaml), checks each against the JSON Schema,
 * and puts them together (assemble.ts). Faults name the file and the YAML path in it, all at once.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { catalogueFileSchema, fieldTypes, type RawCatalogue, type RawFile } from './schema.ts';
import { assembleCatalogue } from './assemble.ts';

export class CatalogueError extends Error {
  constructor(readonly faults: string[]) {
    super(`invalid catalogue:\n${faults.map((f) => `  ${f}`).join('\n')}`);
  }
}

/** The catalogue's files: path (as faults name it, e.g. `models/dcim.yaml`) → YAML text. */
export type CatalogueFiles = Readonly<Record<string, string>>;

/** `/models/site/fields` → `models.site.fields` */
export function yamlPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Where model `app.model` is declared: `models/dcim.yaml: models.site`, for faults. */
export function modelAt(raw: RawCatalogue, key: string): string {
  const [app, model] = key.split('.') as [string, string];
  return `${raw.files[app] ?? `${app}.yaml`}: models.${model}`;
}

/**
 * Where a model's field is declared: in the model's file, or in the base it has it from (a base field's
 * fault is then reported once, however many models extend the base).
 */
export function fieldAt(raw: RawCatalogue, key: string, field: string): string {
  return raw.inherited[key]?.[field] ?? `${modelAt(raw, key)}.fields.${field}`;
}

// discriminator: a field's `type` picks its one branch of the schema, whose faults alone are reported
const ajv = new Ajv({ allErrors: true, strict: false, discriminator: true });
const validateShape = ajv.compile(catalogueFileSchema);

/** One file parsed and checked against the schema, or its faults (each naming the file). */
export function parseFile(path: string, text: string): RawFile | string[] {
  let data: unknown;
  try {
    data = parse(text, { maxAliasCount: 1000 });
  } catch (e) {
    return [`${path}: ${(e as Error).message}`];
  }
  if (validateShape(data)) return data as RawFile;
  const faults = (validateShape.errors ?? []).map((e) => {
    const at = `${path}: ${yamlPath(e.instancePath) || '(root)'}`;
    if (e.keyword === 'additionalProperties') {
      return `${at}: unknown key "${(e.params as { additionalProperty: string }).additionalProperty}"`;
    }
    if (e.keyword === 'enum') {
      return `${at}: ${e.message}: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    }
    if (e.keyword === 'required') {
      return `${at}: needs "${(e.params as { missingProperty: string }).missingProperty}"`;
    }
    if (e.keyword === 'discriminator') {
      // a field's type that is none of the branches' (or no type at all)
      return `${at}.type: must be equal to one of the allowed values: ${fieldTypes.join(', ')}`;
    }
    if (e.keyword === 'propertyNames') {
      return `${at}: invalid name "${(e.params as { propertyName: string }).propertyName}"`;
    }
    return `${at}: ${e.message}`;
  });
  return [...new Set(faults)];
}

/** Every file parsed and checked, then put together; a file is named `<app>.yaml` or `bases.yaml`. */
export function parseCatalogue(files: CatalogueFiles): RawCatalogue {
  const faults: string[] = [];
  const parsed: [string, RawFile][] = [];
  for (const [path, text] of Object.entries(files)) {
    const file = parseFile(path, text);
    if (Array.isArray(file)) faults.push(...file);
    else parsed.push([path, file]);
  }
  if (faults.length) throw new CatalogueError(faults);
  const catalogue = assembleCatalogue(parsed);
  if (Array.isArray(catalogue)) throw new CatalogueError(catalogue);
  return catalogue;
}

/** The `.yaml` files of a folder, by name, as `parseCatalogue` takes them (or one file: one app). */
export function readCatalogue(dir: string): CatalogueFiles {
  if (!statSync(dir).isDirectory()) return { [dir.split('\\').join('/')]: readFileSync(dir, 'utf8') };
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort();
  return Object.fromEntries(names.map((n) => [join(dir, n).split('\\').join('/'), readFileSync(join(dir, n), 'utf8')]));
}

export function loadCatalogue(dir: string): RawCatalogue {
  return parseCatalogue(readCatalogue(dir));
}
