/**
 * The builds a run compares (`--compare=<commit>,…`): this tree, and each other commit checked out in a
 * scratch worktree of its own (`git worktree add --detach` in a temporary folder, removed afterwards).
 * A commit whose locked packages are all in this tree's node_modules at the same versions uses them (a
 * link, no install); any other gets its own `npm ci`. Each build's server is started from its folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface Build {
  /** how the results name it: the short commit (`+` when this tree has changes not committed) */
  readonly label: string;
  /** the folder its server is started from */
  readonly dir: string;
  /** removes its scratch worktree (nothing for this tree) */
  remove(): void;
}

const git = (args: string[], cwd = process.cwd()) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** This tree, as it is. */
export function thisTree(): Build {
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return { label: `${git(['rev-parse', '--short', 'HEAD'])}${dirty ? '+' : ''} (this tree)`, dir: '.', remove() {} };
}

type Lock = { packages?: Record<string, { version?: string }> };

/** Whether every package `theirs` locks is in `ours` at the same version. */
function lockedWithin(theirs: Lock, ours: Lock): boolean {
  return Object.entries(theirs.packages ?? {}).every(
    ([path, p]) => path === '' || ours.packages?.[path]?.version === p.version,
  );
}

/** `commit` (any name git resolves) in a scratch worktree, its packages linked or installed. */
export function checkout(commit: string, step: (what: string) => void): Build {
  const sha = git(['rev-parse', '--short', `${commit}^{commit}`]);
  const dir = mkdtempSync(join(tmpdir(), `nb-bench-${sha}-`));
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { stdio: 'ignore' });
  };
  try {
    step(`${commit}: checking out ${sha} in ${dir}`);
    git(['worktree', 'add', '--detach', dir, sha]);
    const lock = (d: string): Lock => JSON.parse(readFileSync(join(d, 'package-lock.json'), 'utf8'));
    if (existsSync('node_modules') && lockedWithin(lock(dir), lock('.'))) {
      symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    } else {
      step(`${sha}: npm ci (its packages differ from this tree's)`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    }
  } catch (e) {
    remove();
    throw e;
  }
  return { label: sha, dir, remove };
}
