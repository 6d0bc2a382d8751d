/**
 * A worker thread of pool.ts: builds the schema from its SDL once, then checks one request at a time
 * (check.ts) and posts back its verdict. It runs at a lower CPU priority than the thread serving requests
 * (on Linux a thread's own nice value), so a long check never slows the answers of others.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { assertValidSchema, buildASTSchema, parse } from 'graphql';
import { checkRequest, type CheckLimits, type GraphqlRequest, type Verdict } from './check.ts';

export interface WorkerData {
  readonly sdl: string;
  readonly limits: CheckLimits;
}

export interface Job {
  readonly id: number;
  readonly request: GraphqlRequest;
}

export interface Done {
  readonly id: number;
  readonly verdict: Verdict;
}

/** The niceness of a checking thread (the serving thread's is the process's, 0 by default). */
const NICE = 10;

const port = parentPort;
if (port) {
  try {
    setPriority(NICE);
  } catch {
    // not permitted here: the thread keeps the process's priority
  }
  const { sdl, limits } = workerData as WorkerData;
  // the SDL is the generated one, validated when it was generated and by the schema tests
  const schema = buildASTSchema(parse(sdl, { noLocation: true }), { assumeValidSDL: true });
  // what the first validation would do: done before the first request waits on it
  assertValidSchema(schema);
  port.on('message', (job: Job) => {
    let verdict: Verdict;
    try {
      verdict = checkRequest(schema, job.request, limits);
    } catch (e) {
      // a document nested past the stack, say: the request fails, the thread goes on
      verdict = { errors: [{ message: `The query could not be checked: ${(e as Error).message}` }] };
    }
    port.postMessage({ id: job.id, verdict } satisfies Done);
  });
}
