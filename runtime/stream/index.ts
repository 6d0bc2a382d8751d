/**
 * The change stream: the sequencer puts committed change records in commit order (sequencer.ts,
 * epochs.ts), and each process streams them as Server-Sent Events (routes.ts, run.ts, hub.ts).
 */
export { startSequencer, type Sequencer } from './sequencer.ts';
export { StreamHub } from './hub.ts';
export { createStreamRoutes } from './routes.ts';
export { pruneEpochs } from './epochs.ts';
export { createCommitObserver } from './wake.ts';
