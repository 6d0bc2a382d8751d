/**
 * SQL objects the runtime's queries rely on, applied (idempotently) before the migrations:
 * the numeric-aware collation NetBox orders names with, and small display helpers.
 */
export const prerequisitesSql = `
DO $$ BEGIN
  CREATE COLLATION IF NOT EXISTS natural_sort (provider = icu, locale = 'und-u-kn-true');
EXCEPTION WHEN duplicate_object THEN NULL; END $$;

CREATE OR REPLACE FUNCTION asdot(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN n >= 65536 THEN (n >> 16)::text || '.' || (n & 65535)::text END $$;

CREATE OR REPLACE FUNCTION token_mask(plaintext text) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN plaintext IS NOT NULL THEN repeat('*', 34) || right(plaintext, 6) END $$;

-- the fields of a three-way change whose values differ, as {original, modified, current}
CREATE OR REPLACE FUNCTION change_diff(o jsonb, m jsonb, c jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS
$$ WITH k AS (
     SELECT DISTINCT key FROM (SELECT jsonb_object_keys(coalesce(o, '{}'))
                               UNION ALL SELECT jsonb_object_keys(coalesce(m, '{}'))
                               UNION ALL SELECT jsonb_object_keys(coalesce(c, '{}'))) AS all_keys(key)
   ), changed AS (
     SELECT key FROM k WHERE (o -> key) IS DISTINCT FROM (m -> key) OR (o -> key) IS DISTINCT FROM (c -> key)
   )
   SELECT jsonb_build_object(
     'original', CASE WHEN o IS NULL THEN NULL
                 ELSE coalesce((SELECT jsonb_object_agg(key, o -> key) FROM changed WHERE o ? key), '{}') END,
     'modified', CASE WHEN m IS NULL THEN NULL
                 ELSE coalesce((SELECT jsonb_object_agg(key, m -> key) FROM changed WHERE m ? key), '{}') END,
     'current', CASE WHEN c IS NULL THEN NULL
                ELSE coalesce((SELECT jsonb_object_agg(key, c -> key) FROM changed WHERE c ? key), '{}') END) $$;

CREATE OR REPLACE FUNCTION ip_with_mask(a inet) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT host(a) || '/' || masklen(a) $$;
`;
