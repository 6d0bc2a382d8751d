/**
 * IR → one thin Hono route module per model (`generated/routes/<app>/<model>.ts`) and the index that
 * mounts them. Each module only names its model; the behaviour is the runtime's generic handler.
 */
import type { Catalogue } from '../../runtime/catalogue/ir.ts';
import type { FileMap } from '../write/file-map.ts';
import type { EmitOptions } from './options.ts';
import { camel } from '../catalogue/names.ts';
import { exportConst, importFrom, literal, tsFile } from './ts-file.ts';

export function emitRoutes(cat: Catalogue, opts: EmitOptions): FileMap {
  const files: FileMap = new Map();
  const entries: string[] = [];
  const imports = [];
  for (const app of cat.apps) {
    for (const key of app.models) {
      const m = cat.models[key]!;
      const name = `${camel(m.model)}Routes`;
      const alias = `${camel(m.app)}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
      files.set(`routes/${m.app}/${m.model}.ts`, tsFile('routes.ts', [
        importFrom(`../../${opts.runtimeFromGenerated}/rest/index.ts`, ['createModelRoutes']),
        importFrom('../../catalogue.ts', ['catalogue']),
        importFrom('../../filters/index.ts', ['filters']),
        `/** ${m.verboseNamePlural}: /api/${m.apiPath}/ */`,
        exportConst(name, `createModelRoutes(catalogue.models[${literal(key)}]!, filters[${literal(key)}]!)`),
      ]));
      imports.push({ kind: 'import' as const, from: `./${m.app}/${m.model}.ts`, name, alias });
      for (const path of [m.apiPath, ...m.alsoMountedAt]) {
        entries.push(`  { model: ${literal(key)}, path: ${literal(`/api/${path}`)}, routes: ${alias} },`);
      }
    }
  }
  files.set('routes/index.ts', tsFile('routes.ts', [
    importFrom(`../${opts.runtimeFromGenerated}/rest/index.ts`, ['ModelRoute'], true),
    ...imports.map((i) => `import { ${i.name} as ${i.alias} } from '${i.from}';`),
    exportConst('routes', `[\n${entries.join('\n')}\n]`, 'readonly ModelRoute[]'),
  ]));
  return files;
}
