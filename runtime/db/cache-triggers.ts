/**
 * Triggers that tell every process (NOTIFY on the shared cache's channel) that rows it caches
 * changed, whoever changed them: the API, a branch merge, `npm run manage`, or someone at a psql
 * prompt. Applied (idempotently) after the migrations, so the tables exist; a table a catalogue
 * does not have (a test variant) is skipped.
 *
 * Topic `auth`: tokens, users, object permissions and group memberships — what authentication and
 * permission checks read. Two writes the service makes often are left out, so they do not empty
 * every process's cache: a token's `last_used` moving forward (at most once a minute per token)
 * and a user's `last_login`. A `last_used` moved backwards (or cleared) still notifies.
 *
 * Topic `config_contexts`: config contexts on main, their assignments (every
 * `extras_configcontext_*` table) and their tags.
 */
import { CACHE_CHANNEL } from './shared-cache.ts';
import { tables } from './tables.ts';

const authTables = [
  tables.token,
  tables.user,
  tables.userGroups,
  tables.objectPermission,
  tables.objectPermissionUsers,
  tables.objectPermissionGroups,
];

/** A row update that changes only these columns (moving a timestamp forward) does not notify. */
const quietColumns: Record<string, string> = { [tables.token]: 'last_used', [tables.user]: 'last_login' };

function updateCondition(table: string): string {
  const quiet = quietColumns[table];
  if (!quiet) return 'OLD IS DISTINCT FROM NEW';
  return `(to_jsonb(OLD) - '${quiet}') IS DISTINCT FROM (to_jsonb(NEW) - '${quiet}')
    OR NOT coalesce(
      NEW.${quiet} >= coalesce(OLD.${quiet}, '-infinity'::timestamptz),
      NEW.${quiet} IS NULL AND OLD.${quiet} IS NULL)`;
}

/** Notifies `topic` on every insert, delete or truncate of `table`, and on updates that meet `when`. */
function watch(table: string, topic: string, when: string): string {
  return `
    EXECUTE $t$CREATE OR REPLACE TRIGGER ${table}_cache_${topic}_rows
      AFTER INSERT OR DELETE OR TRUNCATE ON public.${table}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_cache('${topic}')$t$;
    EXECUTE $t$CREATE OR REPLACE TRIGGER ${table}_cache_${topic}_update AFTER UPDATE ON public.${table}
      FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION notify_cache('${topic}')$t$;`;
}

export const cacheTriggersSql = `
CREATE OR REPLACE FUNCTION notify_cache() RETURNS trigger LANGUAGE plpgsql AS
$$ BEGIN PERFORM pg_notify('${CACHE_CHANNEL}', TG_ARGV[0]); RETURN NULL; END $$;
${authTables
  .map(
    (t) => `
DO $do$ BEGIN
  IF to_regclass('public.${t}') IS NOT NULL THEN${watch(t, 'auth', updateCondition(t))}
  END IF;
END $do$;`,
  )
  .join('\n')}

DO $do$ DECLARE r record; BEGIN
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'extras\\_configcontext%' LOOP
    EXECUTE format($t$CREATE OR REPLACE TRIGGER %I AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.%I
      FOR EACH STATEMENT EXECUTE FUNCTION notify_cache('config_contexts')$t$, left(r.tablename, 50) || '_cache_cc',
  r.tablename);
  END LOOP;
  IF to_regclass('public.${tables.taggedItem}') IS NOT NULL THEN
    CREATE OR REPLACE TRIGGER extras_taggeditem_cache_cc_insert AFTER INSERT ON public.${tables.taggedItem}
      FOR EACH ROW WHEN (NEW.object_type = 'extras.configcontext') EXECUTE FUNCTION notify_cache('config_contexts');
    CREATE OR REPLACE TRIGGER extras_taggeditem_cache_cc_delete AFTER DELETE ON public.${tables.taggedItem}
      FOR EACH ROW WHEN (OLD.object_type = 'extras.configcontext') EXECUTE FUNCTION notify_cache('config_contexts');
    CREATE OR REPLACE TRIGGER extras_taggeditem_cache_cc_update AFTER UPDATE ON public.${tables.taggedItem}
      FOR EACH ROW WHEN (OLD.object_type = 'extras.configcontext' OR NEW.object_type = 'extras.configcontext')
      EXECUTE FUNCTION notify_cache('config_contexts');
  END IF;
END $do$;
`;
