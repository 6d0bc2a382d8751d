/**
 * CPU time spent by the processes of a run (Linux, from /proc): the server, the PostgreSQL the bench
 * started (its postmaster and backends, and the backends that have exited), and the bench process. On a
 * machine shared with other work, wall-clock seconds move with everyone's load; the CPU seconds a phase
 * costs each process move less (though still a lot on an oversubscribed machine: the stream's CPU cost
 * ranged from 13% to 54% over four runs of one build), and they say who pays for what.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds spent so far (user and system); NaN where unknown. */
export interface CpuTime {
  readonly server: number;
  readonly postgres: number;
  /** this process: the writer, the probe and the stream clients */
  readonly bench: number;
}

const TICK = 100;

/** The stat fields after the command (which may hold spaces): [state, ppid, …]. */
function stat(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime (+ the children's that were waited for), in seconds; NaN if the process is gone. */
export function processSeconds(pid: number | undefined, children = false): number {
  const f = pid === undefined ? undefined : stat(pid);
  if (!f) return NaN;
  // fields 14–17 of stat (utime, stime, cutime, cstime) are 11–14 here
  const own = Number(f[11]) + Number(f[12]);
  return (own + (children ? Number(f[13]) + Number(f[14]) : 0)) / TICK;
}

/** The processes whose parent is `ppid`, by name (`/proc/<pid>/comm`). */
function childrenOf(ppid: number, name?: string): number[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
  return pids.filter((pid) => {
    if (stat(pid)?.[1] !== String(ppid)) return false;
    if (!name) return true;
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
    } catch {
      return false;
    }
  });
}

/** The PostgreSQL this process started (embedded or a local cluster): postmaster, backends, exited backends. */
function postgresSeconds(): number {
  const [postmaster] = childrenOf(process.pid, 'postgres');
  if (postmaster === undefined) return NaN;
  const backends = childrenOf(postmaster).map((pid) => processSeconds(pid));
  return processSeconds(postmaster, true) + backends.filter((s) => !Number.isNaN(s)).reduce((a, s) => a + s, 0);
}

export function cpuNow(serverPid: number | undefined): CpuTime {
  const own = process.cpuUsage();
  return {
    server: processSeconds(serverPid),
    postgres: postgresSeconds(),
    bench: (own.user + own.system) / 1e6,
  };
}

/** What was spent between two readings. */
export function cpuSpent(from: CpuTime, to: CpuTime): CpuTime {
  return {
    server: to.server - from.server,
    postgres: to.postgres - from.postgres,
    bench: to.bench - from.bench,
  };
}
