import postgres from 'postgres';
import { Registry } from './runtime/catalogue/index.ts';
import { catalogue } from './generated/catalogue.ts';
import { filters } from './generated/filters/index.ts';
import { selectList, orderSql } from './runtime/read/select.ts';
import { embedColumns } from './runtime/read/embed.ts';
const reg = new Registry(catalogue, filters);
const sql = postgres('postgres://postgres:postgres@127.0.0.1:54399/netbox', { max: 1 });
for (const [key, lim] of [['dcim.interface', 1000], ['dcim.site', 50], ['ipam.prefix', 1000]] as const) {
  const m = reg.model(key);
  const names = m.fields.filter((f) => !f.hidden && !f.writeOnly).map((f) => f.name);
  const order = orderSql(reg, m, m.ordering);
  const q = `SELECT ${selectList(reg, m, 't', names)}${embedColumns(reg, m, names)} FROM unnest(ARRAY(SELECT t.id FROM ${m.table} t WHERE TRUE ORDER BY ${order} LIMIT $1 OFFSET $2)) WITH ORDINALITY AS k(__id, __pos) JOIN ${m.table} t ON t.id = k.__id ORDER BY k.__pos`;
  for (const prepare of [false, true]) {
    for (let i = 0; i < 8; i++) await sql.unsafe(q, [lim, 0], { prepare });
    const t0 = performance.now(); for (let i = 0; i < 20; i++) await sql.unsafe(q, [lim, 0], { prepare }); console.log(key, 'prepare', prepare, ((performance.now() - t0) / 20).toFixed(1), 'ms');
  }
}
await sql.end();
