/**
 * SQL objects the runtime's queries rely on, applied (idempotently) before the migrations:
 * the numeric-aware collation NetBox orders names with, the key it orders interface names by, and
 * small display helpers.
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

-- a part of a name padded to n places with zeros (a longer one kept), or "absent" when there is none
CREATE OR REPLACE FUNCTION pad_part(v text, n int, absent text) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN v IS NULL THEN absent WHEN length(v) >= n THEN v ELSE lpad(v, n, '0') END $$;

-- NetBox's naturalize(): every run of digits padded to 8 places (longer runs kept), cut to max_length
CREATE OR REPLACE FUNCTION naturalize(v text, max_length int) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT left(coalesce(string_agg(CASE WHEN x.m[1] ~ '^[0-9]+$' AND length(x.m[1]) < 8 THEN lpad(x.m[1], 8, '0')
     ELSE x.m[1] END, '' ORDER BY x.n), ''), max_length)
     FROM regexp_matches(v, '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS x(m, n) $$;

-- NetBox's naturalize_interface() (its _name, 100 characters, compared byte by byte): slot, subslot, position
-- and subposition padded to 4 places (9999 when absent), then the type (the leading non-digits), the id,
-- channel (:n) and virtual circuit (.n) padded to 6 ("......" when absent), then the rest naturalized
CREATE OR REPLACE FUNCTION naturalize_interface(v text) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT left(o || CASE WHEN length(o) < 100 THEN public.naturalize(m[16], 100 - length(o)) ELSE '' END, 100)
     FROM (SELECT m, public.pad_part(m[3], 4, '9999') || public.pad_part(m[5], 4, '9999')
                  || public.pad_part(m[7], 4, '9999') || public.pad_part(m[9], 4, '9999') || coalesce(m[1], '')
                  || public.pad_part(m[11], 6, '......') || public.pad_part(m[13], 6, '......')
                  || public.pad_part(m[15], 6, '......') AS o
             FROM (SELECT regexp_match(v, '^([^0-9.:]+)?(([0-9]+)/)?(([0-9]+)/)?(([0-9]+)/)?(([0-9]+)/)?(([0-9]+))?'
                    || '(:([0-9]+))?(\\.([0-9]+))?(.*)$') AS m) x) y $$;

CREATE OR REPLACE FUNCTION ip_with_mask(a inet) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT host(a) || '/' || masklen(a) $$;

-- an IP range as NetBox's IPRange.name writes it: both addresses the same, both whole; else the parts
-- (by "." or ":") equal at the same place in both, then the start's and the end's parts after as many:
-- 192.168.1.0-49/22 (NetBox keeps every equal pair, not only a leading run: 10.1.2.3 to 10.2.2.4 is
-- 10.2.2.3-2.4/…)
CREATE OR REPLACE FUNCTION ip_range_name(s inet, e inet) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN host(s) = host(e) THEN host(s) || '-' || host(e) || '/' || masklen(s) ELSE
     array_to_string(base, sep) || sep || array_to_string(a[cardinality(base) + 1:], sep) || '-'
       || array_to_string(b[cardinality(base) + 1:], sep) || '/' || masklen(s) END
     FROM (SELECT a, b, sep, ARRAY(SELECT a[i] FROM generate_subscripts(a, 1) i
             WHERE i <= cardinality(b) AND a[i] = b[i] ORDER BY i) AS base
             FROM (SELECT string_to_array(host(s), sep) AS a, string_to_array(host(e), sep) AS b, sep
                     FROM (SELECT CASE family(s) WHEN 6 THEN ':' ELSE '.' END AS sep) x) y) z $$;
`;
