/** Filter specs → `generated/filters/<app>.ts` (one table per model) and their index. */
import type { Catalogue, FilterSpecs } from '../../runtime/catalogue/ir.ts';
import type { FileMap } from '../write/file-map.ts';
import type { EmitOptions } from './options.ts';
import { camel } from '../catalogue/names.ts';
import { exportConst, importFrom, literal, tsFile } from './ts-file.ts';

export function emitFilters(cat: Catalogue, specs: FilterSpecs, opts: EmitOptions): FileMap {
  const files: FileMap = new Map();
  const ir = `../${opts.runtimeFromGenerated}/catalogue/ir.ts`;
  for (const app of cat.apps) {
    const table: Record<string, unknown> = {};
    for (const key of app.models) table[key] = specs[key];
    files.set(
      `filters/${app.name}.ts`,
      tsFile('filters.ts', [
        importFrom(ir, ['FilterSpecs'], true),
        exportConst(`${camel(app.name)}Filters`, literal(table), 'FilterSpecs'),
      ]),
    );
  }
  files.set(
    'filters/index.ts',
    tsFile('filters.ts', [
      importFrom(ir, ['FilterSpecs'], true),
      ...cat.apps.map((a) => importFrom(`./${a.name}.ts`, [`${camel(a.name)}Filters`])),
      exportConst('filters', `{\n${cat.apps.map((a) => `  ...${camel(a.name)}Filters,`).join('\n')}\n}`, 'FilterSpecs'),
    ]),
  );
  return files;
}
