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

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    // the folder of the catalogue's files: <app>.yaml and bases.yaml
    catalogue: { type: 'string', default: 'models' },
    out: { type: 'string', default: 'generated' },
    migrations: { type: 'string', default: 'migrations' },
    'no-migration': { type: 'boolean', default: false },
  },
});

function main(): number {
  let result;
  try {
    // generated modules import the runtime relative to where they are written
    const runtimeFromGenerated = relative(resolve(values.out!), resolve('runtime')).split('\\').join('/');
    result = generate(readCatalogue(values.catalogue!), { runtimeFromGenerated });
  } catch (e) {
    if (e instanceof CatalogueError) {
      for (const fault of e.faults) console.error(fault);
      console.error(`${values.catalogue}/: ${e.faults.length} fault(s); nothing written`);
      return 1;
    }
    throw e;
  }
  const { files } = result;
  if (values.check) {
    const drift = checkFiles(values.out!, files);
    const report = [
      ...drift.changed.map((p) => `changed: ${values.out}/${p}`),
      ...drift.missing.map((p) => `missing: ${values.out}/${p}`),
      ...drift.extra.map((p) => `extra:   ${values.out}/${p}`),
    ];
    if (report.length) {
      console.error(report.join('\n'));
      console.error(`${values.out}/ is stale: run \`npm run generate\``);
      return 1;
    }
    if (!values['no-migration']) {
      const pending = pendingMigration(values.out!, values.migrations!);
      if (pending.length) {
        console.error(
          `the generated tables need a migration that ${values.migrations}/ lacks: run \`npm run generate\``,
        );
        return 1;
      }
    }
    console.log(`${values.out}/ is up to date (${files.size} files)`);
    return 0;
  }
  const written = writeFiles(values.out!, files);
  console.log(`${written.length} file(s) written to ${values.out}/ (${files.size} generated)`);
  if (!values['no-migration']) {
    const added = writeMigration(values.out!, values.migrations!);
    console.log(
      added.length ? `new migration: ${added.map((f) => `${values.migrations}/${f}`).join(', ')}` : 'no new migration',
    );
  }
  return 0;
}

process.exitCode = main();
