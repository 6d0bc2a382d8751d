/** load → validate → normalize → emit: the catalogue's files (models/*.yaml) in, a FileMap out. Pure; no disk. */
import type { Catalogue, FilterSpecs, GraphqlNames } from '../runtime/catalogue/ir.ts';
import { CatalogueError, modelAt, parseCatalogue, type CatalogueFiles } from './catalogue/load.ts';
import { displayCycleFaults } from './catalogue/display.ts';
import { validateCatalogue } from './catalogue/validate.ts';
import { normalizeCatalogue } from './catalogue/normalize.ts';
import { buildFilterSpecs } from './catalogue/filters.ts';
import { normalizeGraphql } from './catalogue/normalize-graphql.ts';
import { emitDrizzle } from './emit/drizzle.ts';
import { emitCatalogue } from './emit/catalogue.ts';
import { emitFilters } from './emit/filters.ts';
import { emitRoutes } from './emit/routes.ts';
import { emitOpenApi } from './emit/openapi.ts';
import { emitGraphql } from './emit/graphql.ts';
import { emitYamlSchema } from './emit/yaml-schema.ts';
import { defaultEmitOptions, type EmitOptions } from './emit/options.ts';
import type { FileMap } from './write/file-map.ts';

export interface Generated {
  readonly catalogue: Catalogue;
  readonly filters: FilterSpecs;
  /** NetBox's GraphQL names the catalogue gives (its `graphql:` keys) */
  readonly graphql: GraphqlNames;
  readonly files: FileMap;
}

const readme = `# generated/

Output of \`codegen/\` from \`models/*.yaml\`. @generated: never edit these files by hand;
change models/*.yaml and run \`npm run generate\`. CI runs \`npm run generate -- --check\`.
`;

export function generate(catalogueFiles: CatalogueFiles, opts: EmitOptions = defaultEmitOptions): Generated {
  const raw = parseCatalogue(catalogueFiles);
  validateCatalogue(raw);
  const catalogue = normalizeCatalogue(raw);
  const cycles = displayCycleFaults(catalogue, (key) => modelAt(raw, key));
  if (cycles.length) throw new CatalogueError(cycles);
  const filters = buildFilterSpecs(catalogue, raw);
  const graphql = normalizeGraphql(raw);
  const files: FileMap = new Map([['README.md', readme]]);
  const parts = [
    emitDrizzle(catalogue),
    emitCatalogue(catalogue, opts),
    emitFilters(catalogue, filters, opts),
    emitRoutes(catalogue, opts),
    emitOpenApi(catalogue, filters),
    emitGraphql(catalogue, filters, graphql),
    emitYamlSchema(),
  ];
  for (const part of parts) for (const [path, text] of part) files.set(path, text);
  const sorted: FileMap = new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { catalogue, filters, graphql, files: sorted };
}
