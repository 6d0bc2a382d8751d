/**
 * `npm run generate` (write generated/ and a migration) and `npm run generate -- --check`
 * (exit 1 naming every stale file or a pending migration). An invalid catalogue writes nothing.
 * `--catalogue <folder>` (default models/) holds the catalogue's files: `<app>.yaml` and `bases.yaml` (or
 * names one file, a catalogue of one app).
 */
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generate } from './pipeline.ts';
import { CatalogueError, readCatalogue } from './catalogue/load.ts';
import { checkFiles, writeFiles } from './write/disk.ts';
import { pendingMigration, writeMigration } from './write/migrations.ts';
import { columnRenames } from '../runtime/catalogue/renames.ts';
import { keyBackfills } from '../runtime/catalogue/keys.ts';
import type { Catalogue } from '../runtime/catalogue/ir.ts';

/** The catalogue's renames and key backfills, for the migration (codegen/write/migrations.ts). */
const migrationInputs = (cat: Catalogue) => {
  const models = Object.values(cat.models);
  return { renames: columnRenames(models), backfills: keyBackfills(models) };
};

const { values } = parseArgs({
  options: {
    check: { type: 'boolean' },
    // the folder of the catalogue's files: <app>.yaml and bases.yaml
    catalogue: { type: 'string' },
    out: { type: 'string' },
    migrations: { type: 'string' },
    'no-migration': { type: 'boolean' },
  },
});
const { catalogue = 'models', out = 'generated', migrations = 'migrations' } = values;

function main(): number {
  let result;
  try {
    // generated modules import the runtime relative to where they are written
    const runtimeFromGenerated = relative(resolve(out), resolve('runtime')).split('\\').join('/');
    result = generate(readCatalogue(catalogue), { runtimeFromGenerated });
  } catch (e) {
    if (e instanceof CatalogueError) {
      for (const fault of e.faults) console.error(fault);
      console.error(`${catalogue}/: ${e.faults.length} fault(s); nothing written`);
      return 1;
    }
    throw e;
  }
  const { files } = result;
  if (values.check) {
    const drift = checkFiles(out, files);
    const report = [
      ...drift.changed.map((p) => `changed: ${out}/${p}`),
      ...drift.missing.map((p) => `missing: ${out}/${p}`),
      ...drift.extra.map((p) => `extra:   ${out}/${p}`),
    ];
    if (report.length) {
      console.error(report.join('\n'));
      console.error(`${out}/ is stale: run \`npm run generate\``);
      return 1;
    }
    if (!values['no-migration']) {
      let pending: string[];
      try {
        pending = pendingMigration(out, migrations, migrationInputs(result.catalogue));
      } catch (e) {
        console.error(`${migrations}/: ${(e as Error).message}`);
        return 1;
      }
      if (pending.length) {
        console.error(`the generated tables need a migration that ${migrations}/ lacks: run \`npm run generate\``);
        return 1;
      }
    }
    console.log(`${out}/ is up to date (${files.size} files)`);
    return 0;
  }
  const written = writeFiles(out, files);
  console.log(`${written.length} file(s) written to ${out}/ (${files.size} generated)`);
  if (!values['no-migration']) {
    let added: string[];
    try {
      added = writeMigration(out, migrations, migrationInputs(result.catalogue));
    } catch (e) {
      console.error(`${migrations}/: ${(e as Error).message}; no migration written`);
      return 1;
    }
    console.log(
      added.length ? `new migration: ${added.map((f) => `${migrations}/${f}`).join(', ')}` : 'no new migration',
    );
  }
  return 0;
}

process.exitCode = main();
