/**
 * One request per turn of the event loop: requests that become ready together (fifty that waited on one
 * check) go on one at a time, each in a turn of its own with the loop's I/O between them, rather than all
 * in the turn they became ready in, where the others' answers would wait for all of them. (Node runs every
 * callback queued with setImmediate in one turn; one queued while they run waits for the next.)
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function step(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length) {
    scheduled = true;
    setImmediate(step);
  }
}

/** Resolves in a turn of the event loop of the caller's own. */
export function ownTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(step);
    }
  });
}
