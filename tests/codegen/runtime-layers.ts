/**
 * The layers of runtime/, bottom up: each folder, how other folders reach it, and the folders it may
 * import — only folders of lower layers, so no two folders can ever import each other. The layer test
 * (runtime-cycles.test.ts) holds the code to this table both ways: an import it does not list fails,
 * and so does a listed direction no import uses (the table is the picture, never a wish). README's
 * Layout describes the same layers in words.
 *
 * `entry`: `index` — other folders import only its index.ts, the folder's one public surface;
 * `files` — it has no index.ts and other folders import its files: http/ is a toolbox of independent
 * modules (bodies, responses, the request's context, the OpenAPI views) each caller takes one of, app/
 * the route sets the server mounts one by one (only the importer takes one more: the app it verifies with).
 * Files directly in runtime/ are the entry points and the server's wiring (main.ts, server.ts,
 * worker-main.ts, bootstrap.ts: they may import any folder), except `collections.ts`, small
 * collection helpers any folder may import.
 */

export interface FolderRule {
  readonly entry: 'index' | 'files';
  /** the folders of lower layers it may import, each one it does import */
  readonly imports: readonly string[];
}

export interface Layer {
  readonly name: string;
  readonly folders: Readonly<Record<string, FolderRule>>;
}

/** Files in runtime/ itself that any folder may import. */
export const SHARED_ROOT_FILES: readonly string[] = ['collections.ts'];

export const LAYERS: readonly Layer[] = [
  {
    name: 'base: no knowledge of models',
    folders: {
      errors: { entry: 'index', imports: [] },
      config: { entry: 'index', imports: [] },
      db: { entry: 'index', imports: [] },
    },
  },
  {
    name: 'the catalogue: models as data',
    folders: {
      catalogue: { entry: 'index', imports: ['db'] },
      'custom-fields': { entry: 'index', imports: ['db'] },
    },
  },
  {
    name: 'shared SQL and stores',
    folders: {
      sql: { entry: 'index', imports: ['catalogue', 'db'] },
      cables: { entry: 'index', imports: ['catalogue', 'db'] },
      media: { entry: 'index', imports: ['catalogue', 'db'] },
    },
  },
  {
    name: 'the paths over objects: reading, filtering, writing (none imports another)',
    folders: {
      read: { entry: 'index', imports: ['cables', 'catalogue', 'custom-fields', 'db', 'media', 'sql'] },
      filters: { entry: 'index', imports: ['cables', 'catalogue', 'custom-fields', 'db', 'errors', 'sql'] },
      write: {
        entry: 'index',
        imports: ['cables', 'catalogue', 'config', 'custom-fields', 'db', 'errors', 'media', 'sql'],
      },
    },
  },
  {
    name: "a request's plumbing, the change log, the job queue",
    folders: {
      http: { entry: 'files', imports: ['catalogue', 'config', 'db', 'errors', 'media', 'read', 'write'] },
      changelog: { entry: 'index', imports: ['db', 'write'] },
      jobs: { entry: 'index', imports: ['catalogue', 'config', 'db', 'write'] },
    },
  },
  {
    name: 'who may do what; what is told to webhooks',
    folders: {
      auth: { entry: 'index', imports: ['catalogue', 'config', 'db', 'errors', 'filters', 'http', 'sql', 'write'] },
      events: { entry: 'index', imports: ['catalogue', 'changelog', 'config', 'db', 'jobs', 'read', 'write'] },
    },
  },
  {
    name: 'workflows over the write path: change control, branching',
    folders: {
      changes: { entry: 'index', imports: ['auth', 'catalogue', 'config', 'db', 'errors', 'events', 'http', 'write'] },
      branching: { entry: 'index', imports: ['catalogue', 'db', 'errors', 'events', 'jobs', 'sql', 'write'] },
    },
  },
  {
    name: "the APIs over the paths (REST, GraphQL; neither imports the other) and the models' hooks",
    folders: {
      rest: {
        entry: 'index',
        imports: [
          'auth',
          'cables',
          'catalogue',
          'changes',
          'config',
          'db',
          'errors',
          'events',
          'filters',
          'http',
          'read',
          'sql',
          'write',
        ],
      },
      graphql: {
        entry: 'index',
        imports: ['auth', 'cables', 'catalogue', 'config', 'db', 'errors', 'filters', 'http', 'read', 'sql'],
      },
      hooks: {
        entry: 'index',
        imports: ['auth', 'branching', 'catalogue', 'changes', 'db', 'errors', 'events', 'jobs', 'write'],
      },
    },
  },
  {
    name: 'the change stream (objects as REST shows them)',
    folders: {
      stream: {
        entry: 'index',
        imports: ['auth', 'branching', 'catalogue', 'config', 'db', 'errors', 'filters', 'http', 'rest', 'write'],
      },
    },
  },
  {
    name: "the app's own routes; the worker's tasks",
    folders: {
      app: {
        entry: 'files',
        imports: [
          'auth',
          'branching',
          'catalogue',
          'changes',
          'db',
          'errors',
          'events',
          'graphql',
          'http',
          'jobs',
          'media',
          'rest',
          'write',
        ],
      },
      tasks: {
        entry: 'index',
        imports: ['branching', 'changelog', 'config', 'db', 'events', 'jobs', 'media', 'stream'],
      },
    },
  },
  {
    name: 'import-netbox: a copy of a NetBox through the write path, verified through the app',
    folders: {
      import: {
        entry: 'index',
        imports: [
          'app',
          'auth',
          'catalogue',
          'config',
          'custom-fields',
          'db',
          'hooks',
          'http',
          'media',
          'read',
          'write',
        ],
      },
    },
  },
];
