/** IR → `generated/catalogue.ts`: the frozen catalogue the runtime reads (data, no behaviour). */
import type { Catalogue } from '../../runtime/catalogue/ir.ts';
import type { FileMap } from '../write/file-map.ts';
import type { EmitOptions } from './options.ts';
import { exportConst, importFrom, literal, tsFile } from './ts-file.ts';

export function emitCatalogue(cat: Catalogue, opts: EmitOptions): FileMap {
  const text = tsFile('catalogue.ts', [
    importFrom(`${opts.runtimeFromGenerated}/catalogue/ir.ts`, ['Catalogue'], true),
    exportConst('catalogue', literal(cat), 'Catalogue'),
  ]);
  return new Map([['catalogue.ts', text]]);
}
