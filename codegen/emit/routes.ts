/**
 * IR → the table of routes (`generated/routes.ts`): each model's list URL, and the older URLs it is
 * also mounted at. The table is data; the runtime builds each model's handlers from the catalogue.
 */
import type { Catalogue } from '../../runtime/catalogue/ir.ts';
import type { FileMap } from '../write/file-map.ts';
import { modelOf } from '../catalogue/lookup.ts';
import type { EmitOptions } from './options.ts';
import { exportConst, importFrom, literal, tsFile } from './ts-file.ts';

export function emitRoutes(cat: Catalogue, opts: EmitOptions): FileMap {
  const entries: string[] = [];
  for (const app of cat.apps) {
    for (const key of app.models) {
      const m = modelOf(cat, key);
      for (const path of [m.apiPath, ...m.alsoMountedAt])
        entries.push(`  { model: ${literal(key)}, path: ${literal(`/api/${path}`)} },`);
    }
  }
  return new Map([
    [
      'routes.ts',
      tsFile('routes.ts', [
        importFrom(`${opts.runtimeFromGenerated}/rest/index.ts`, ['ModelRoute'], true),
        exportConst('routes', `[\n${entries.join('\n')}\n]`, 'readonly ModelRoute[]'),
      ]),
    ],
  ]);
}
