/** What the generator says of a faulty catalogue, for tests of its faults (no database). */
import { CatalogueError, parseCatalogue, type CatalogueFiles } from '../../codegen/catalogue/load.ts';
import { validateCatalogue } from '../../codegen/catalogue/validate.ts';

/** The value `run` gives, or the faults of the catalogue error it throws (anything else is thrown on). */
export function faultsOr<T>(run: () => T): T | string[] {
  try {
    return run();
  } catch (e) {
    if (e instanceof CatalogueError) return e.faults;
    throw e;
  }
}

/** The faults `run` finds (none: []). */
export function faultsFrom(run: () => unknown): string[] {
  const out = faultsOr(() => {
    run();
    return undefined;
  });
  return out ?? [];
}

/** The faults of reading these files and checking the catalogue they make. */
export function catalogueFaults(files: CatalogueFiles): string[] {
  return faultsFrom(() => validateCatalogue(parseCatalogue(files)));
}
