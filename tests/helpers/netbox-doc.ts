/**
 * NetBox 4.6.8's own OpenAPI document (from ../shared/netbox-openapi/, kept here gzipped so the
 * suite runs from any clone): what the coverage tests compare our endpoints, fields and filters with.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'yaml';

let doc: any;

export function netboxDoc(): any {
  doc ??= parse(gunzipSync(readFileSync('tests/fixtures/netbox-openapi-4.6.8.yaml.gz')).toString('utf8'), {
    maxAliasCount: -1,
  });
  return doc;
}
