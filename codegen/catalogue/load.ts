/** Reads models.yaml, checks it against the JSON Schema, and reports faults by YAML path. */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { catalogueSchema, type RawCatalogue } from './schema.ts';

export class CatalogueError extends Error {
  constructor(readonly faults: string[]) {
    super(`invalid catalogue:\n${faults.map((f) => `  ${f}`).join('\n')}`);
  }
}

/** `/apps/dcim/models/site` → `apps.dcim.models.site` */
export function yamlPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validateShape = ajv.compile(catalogueSchema);

export function parseCatalogue(text: string): RawCatalogue {
  let data: unknown;
  try {
    data = parse(text, { maxAliasCount: 1000 });
  } catch (e) {
    throw new CatalogueError([`models.yaml: ${(e as Error).message}`]);
  }
  if (!validateShape(data)) {
    const faults = (validateShape.errors ?? []).map((e) => {
      const at = yamlPath(e.instancePath) || '(root)';
      if (e.keyword === 'additionalProperties') {
        return `${at}: unknown key "${(e.params as { additionalProperty: string }).additionalProperty}"`;
      }
      if (e.keyword === 'enum') {
        return `${at}: ${e.message}: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
      }
      if (e.keyword === 'propertyNames') {
        return `${at}: invalid name "${(e.params as { propertyName: string }).propertyName}"`;
      }
      return `${at}: ${e.message}`;
    });
    throw new CatalogueError([...new Set(faults)]);
  }
  return data as RawCatalogue;
}

export function loadCatalogue(file: string): RawCatalogue {
  return parseCatalogue(readFileSync(file, 'utf8'));
}
