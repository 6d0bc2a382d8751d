/**
 * SQL objects the runtime's queries rely on, applied (idempotently) before the migrations:
 * the numeric-aware collation NetBox orders names with, small display helpers, and NetBox's
 * naturalizing functions of its `_name` keys.
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

-- NetBox's natural ordering keys (utilities/ordering.py), for stored keys (runtime/catalogue/keys.ts):
-- digits left-padded to a width (never cut: a longer number stays whole), then the text cut to max_length
CREATE OR REPLACE FUNCTION natural_pad(part text, width int) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS
$$ SELECT CASE WHEN length(part) >= width THEN part ELSE lpad(part, width, '0') END $$;

-- naturalize(): every run of digits padded to eight
CREATE OR REPLACE FUNCTION naturalize(value text, max_length int) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS
$$ SELECT left(coalesce(string_agg(coalesce(natural_pad(m[1], 8), m[2]), '' ORDER BY n), ''), max_length)
     FROM regexp_matches(value, '([0-9]+)|([^0-9]+)', 'g') WITH ORDINALITY AS x(m, n) $$;

-- naturalize_interface(): an interface name as type, slot/subslot/position/subposition, id, channel and
-- virtual circuit (Gi1/0/2:3.100): the four positions padded to four digits (9999 when absent), the type,
-- the last three padded to six (dots when absent), then the rest naturalized. As Python's re.search with
-- NetBox's pattern: "." stops at a line break and "$" also matches before a final one, and a name the
-- pattern does not match stays as it is.
CREATE OR REPLACE FUNCTION naturalize_interface(value text, max_length int) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS
$$ DECLARE
  m text[] := regexp_match(value, '^([^0-9.:]+)?(?:([0-9]+)/)?(?:([0-9]+)/)?(?:([0-9]+)/)?(?:([0-9]+)/)?'
    '([0-9]+)?(?::([0-9]+))?(?:\.([0-9]+))?([^\n]*)\n?$');
  out text := '';
BEGIN
  IF m IS NULL THEN RETURN value; END IF;
  FOR i IN 2..5 LOOP out := out || coalesce(natural_pad(m[i], 4), '9999'); END LOOP;
  out := out || coalesce(m[1], '');
  FOR i IN 6..8 LOOP out := out || coalesce(natural_pad(m[i], 6), '......'); END LOOP;
  IF length(out) < max_length THEN out := out || naturalize(m[9], max_length - length(out)); END IF;
  RETURN left(out, max_length);
END $$;
`;
