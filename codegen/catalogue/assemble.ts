/**
 * The catalogue's files put together: each `<app>.yaml` is the app of its name, `bases.yaml` holds the
 * bases, choice sets are one namespace (each declared in one file), and every model gets its base (bases.ts).
 */
import type { RawApp, RawCatalogue, RawChoiceSet, RawFile, RawModel } from './schema.ts';
import type { RawGraphqlFile } from './schema-graphql.ts';
import { baseFaults, extendModel, type Bases } from './bases.ts';

const basesName = 'bases';

/** `models/dcim.yaml` → `dcim` */
function stem(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.yaml$/, '');
}

/** The files (path, content) as one catalogue, or every fault found putting them together. */
export function assembleCatalogue(files: readonly (readonly [string, RawFile])[]): RawCatalogue | string[] {
  const faults: string[] = [];
  const choices: Record<string, RawChoiceSet> = {};
  const choiceFiles: Record<string, string> = {};
  const graphql: Required<RawGraphqlFile> = { enums: {}, choice_types: {} };
  const entries: [string, string, RawFile][] = [];
  let bases: Bases = { file: `${basesName}.yaml`, bases: {} };
  for (const [path, f] of files) {
    for (const [name, set] of Object.entries(f.choices ?? {})) {
      if (choiceFiles[name]) faults.push(`${path}: choices.${name}: already declared in ${choiceFiles[name]}`);
      else [choices[name], choiceFiles[name]] = [set, path];
    }
    // a choice set's GraphQL names are declared beside it, in its file
    for (const key of ['enums', 'choice_types'] as const)
      for (const [name, value] of Object.entries(f.graphql?.[key] ?? {})) {
        if (!f.choices?.[name]) faults.push(`${path}: graphql.${key}.${name}: no choice set "${name}" in this file`);
        else Object.assign(graphql[key], { [name]: value });
      }
    const app = stem(path);
    if (!path.endsWith('.yaml') || !/^[a-z][a-z0-9_]*$/.test(app)) {
      faults.push(`${path}: a catalogue file is named <app>.yaml (a lowercase identifier) or ${basesName}.yaml`);
    } else if (app === basesName) {
      for (const key of ['label', 'api_path', 'models'] as const)
        if (f[key] !== undefined) faults.push(`${path}: ${key}: ${basesName}.yaml holds bases and choice sets only`);
      bases = { file: path, bases: f.bases ?? {} };
    } else {
      if (f.bases) faults.push(`${path}: bases: bases are declared in ${basesName}.yaml`);
      if (!f.models) faults.push(`${path}: (root): an app's file needs "models"`);
      entries.push([app, path, f]);
    }
  }
  faults.push(...baseFaults(bases));
  if (faults.length) return faults;

  const apps: Record<string, RawApp> = {};
  const appFiles: Record<string, string> = {};
  const inherited: Record<string, Record<string, string>> = {};
  for (const [app, path, f] of entries) {
    const models: Record<string, RawModel> = {};
    for (const [name, entry] of Object.entries(f.models ?? {})) {
      const extended = extendModel(entry, `${app}.${name}`, `${path}: models.${name}`, bases);
      if (Array.isArray(extended)) faults.push(...extended);
      else {
        models[name] = extended.model;
        if (Object.keys(extended.inherited).length) inherited[`${app}.${name}`] = extended.inherited;
      }
    }
    apps[app] = {
      ...(f.label !== undefined ? { label: f.label } : {}),
      ...(f.api_path !== undefined ? { api_path: f.api_path } : {}),
      models,
    };
    appFiles[app] = path;
  }
  return faults.length ? faults : { choices, graphql, apps, files: appFiles, inherited };
}
