/**
 * The related objects of a page (page-sql.ts), each built once for the page however many fields and
 * rows name it: one common table expression per target form and nested fields, over the ids every
 * field naming that form gives (a device's primary, IPv4, IPv6 and out-of-band addresses are one
 * set of IP addresses; its role and its old name for the role one set of roles), joined once per field.
 */
import type { ModelDef } from '../catalogue/index.ts';
import { ident } from '../db/index.ts';

interface Shared {
  readonly name: string;
  readonly target: ModelDef;
  /** the JSON of the target's row aliased `<name>e` */
  readonly obj: string;
  /** each naming field's id for the page's row `t` */
  readonly ids: string[];
}

export class PageRelated {
  private readonly shared = new Map<string, Shared>();
  private count = 0;

  /**
   * The alias of the shared CTE's row for the page's row `t` when `id` names it, and its join; `form` says
   * which form of the target it is (equal forms, equal JSON), `obj` builds the JSON of the target's row `e`.
   */
  join(target: ModelDef, form: string, id: string, obj: (e: string) => string | undefined) {
    const key = `${target.key}|${form}`;
    let s = this.shared.get(key);
    if (!s) {
      const name = `r${this.shared.size}`;
      const json = obj(`${name}e`);
      if (json === undefined) return undefined;
      s = { name, target, obj: json, ids: [] };
      this.shared.set(key, s);
    }
    s.ids.push(id);
    const alias = `${s.name}_${++this.count}`;
    return { alias, join: ` LEFT JOIN ${s.name} ${alias} ON ${alias}.id = ${id}` };
  }

  /** `name AS MATERIALIZED (…)` of each shared set, for the page's WITH. */
  ctes(): string[] {
    return [...this.shared.values()].map(({ name, target, obj, ids }) => {
      const e = `${name}e`;
      const of = ids.length === 1 ? ids.join('') : `unnest(ARRAY[${ids.join(', ')}])`;
      return `${name} AS MATERIALIZED (SELECT ${e}.id, ${obj} AS j FROM ${ident(target.table)} ${e}
        WHERE ${e}.id IN (SELECT ${of} FROM p t))`;
    });
  }
}
