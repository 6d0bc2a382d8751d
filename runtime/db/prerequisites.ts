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

-- a branch change's three-way diff as the branching plugin shows it: the fields of the original
-- that the branch (modified) or main (current) changed, as {original, modified, current}; a side
-- without data (nothing original for a creation) shows {}
CREATE OR REPLACE FUNCTION change_diff(o jsonb, m jsonb, c jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS
$$ WITH changed AS (
     SELECT key FROM jsonb_object_keys(coalesce(o, '{}')) AS k(key)
      WHERE (m ? key AND (m -> key) <> (o -> key)) OR (c ? key AND (c -> key) <> (o -> key))
   )
   SELECT jsonb_build_object(
     'original', coalesce((SELECT jsonb_object_agg(key, o -> key) FROM changed), '{}'),
     'modified', coalesce((SELECT jsonb_object_agg(key, m -> key) FROM changed WHERE m ? key), '{}'),
     'current', coalesce((SELECT jsonb_object_agg(key, c -> key) FROM changed WHERE c ? key), '{}')) $$;

CREATE OR REPLACE FUNCTION ip_with_mask(a inet) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT host(a) || '/' || masklen(a) $$;
`;
