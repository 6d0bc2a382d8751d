/**
 * Rules of the catalogue (models/*.yaml) that need all of it: references between models, choice sets, field
 * lists naming fields that exist. Each rule is named and gives its faults, each with its file and YAML path
 * (validate-fields.ts, validate-model.ts, validate-graphql.ts); `validateCatalogue` reports every rule's faults
 * at once.
 */
import type { RawCatalogue } from './schema.ts';
import { CatalogueError } from './load.ts';
import { checked, type Rule } from './validate-context.ts';
import { fieldRules } from './validate-fields.ts';
import { modelRules } from './validate-model.ts';
import { graphqlRules } from './validate-graphql.ts';

export { checked, type Checked, type Fault, type Rule } from './validate-context.ts';

/** Every rule, in the order their faults are reported. */
export const catalogueRules: readonly Rule[] = [...fieldRules, ...modelRules, ...graphqlRules];

export function validateCatalogue(raw: RawCatalogue): void {
  const c = checked(raw);
  const faults = catalogueRules.flatMap((rule) => rule.check(c));
  if (faults.length) throw new CatalogueError([...new Set(faults)]);
}
