import { createDataset } from './scripts/bench/dataset.ts';
import { connect } from './runtime/db/index.ts';
const d = await createDataset('http://localhost:8001', 100000);
const sql = connect('postgres://postgres:postgres@127.0.0.1:54399/netbox');
await sql.unsafe('VACUUM ANALYZE');
await sql.end();
console.log(d.objects, d.seconds.toFixed(1), d.siteIds[1], d.deviceIds[1900]);
