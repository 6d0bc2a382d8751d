/**
 * The JSON Schema of one catalogue file → `generated/models.schema.json`, for editors: every file of models/
 * names it in its first line (`# yaml-language-server: $schema=…`), so keys, enums and descriptions are
 * checked and completed as one types. The same schema checks each file in `npm run generate` (load.ts).
 */
import { catalogueFileSchema } from '../catalogue/schema.ts';
import type { FileMap } from '../write/file-map.ts';

export function emitYamlSchema(): FileMap {
  const doc = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'models/<app>.yaml, models/bases.yaml',
    ...catalogueFileSchema,
  };
  return new Map([['models.schema.json', `${JSON.stringify(doc, null, 2)}\n`]]);
}
