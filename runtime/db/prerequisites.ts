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

CREATE OR REPLACE FUNCTION ip_with_mask(a inet) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT host(a) || '/' || masklen(a) $$;
`;
