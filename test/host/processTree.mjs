// The processes the test host started: their peak memory (PSS of the code-server tree and of everything else
// this runner started, i.e. Chromium), and, at the end, any of the server's descendants left running, ended by PID.
import fs from 'node:fs';

/** A process's start time (from /proc), so a PID reused by another process is never taken for ours. */
const startTime = pid => {
  try {
    const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return st.slice(st.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return null;
  }
};

/** Samples the trees under `server` and this process every 500 ms until stop(); `peak` holds the highest (KiB). */
export function memorySampler(server) {
  const peak = { total: 0, server: 0, browser: 0 };
  const seenServerPids = new Map(); // pid -> starttime, to clean up orphans (e.g. a hung extension host) by PID
  function sampleMemory() {
    try {
      const procs = new Map();
      for (const p of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(p)) continue;
        try {
          const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
          const ppid = +stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
          procs.set(+p, ppid);
        } catch {}
      }
      const kids = new Map();
      for (const [p, pp] of procs) {
        if (!kids.has(pp)) kids.set(pp, []);
        kids.get(pp).push(p);
      }
      const tree = root => {
        const out = [];
        const st = [root];
        while (st.length) {
          const x = st.pop();
          out.push(x);
          st.push(...(kids.get(x) ?? []));
        }
        return out;
      };
      const pss = pid => {
        try {
          return +(/Pss:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
        } catch {
          return 0;
        }
      };
      const serverTree = tree(server.pid);
      for (const p of serverTree) if (!seenServerPids.has(p)) seenServerPids.set(p, startTime(p));
      const all = tree(process.pid).filter(p => p !== process.pid);
      const s = serverTree.reduce((a, p) => a + pss(p), 0);
      const t = all.reduce((a, p) => a + pss(p), 0);
      peak.server = Math.max(peak.server, s);
      peak.total = Math.max(peak.total, t);
      peak.browser = Math.max(peak.browser, t - s);
    } catch {}
  }
  const timer = setInterval(sampleMemory, 500);
  return { peak, seenServerPids, sample: sampleMemory, stop: () => clearInterval(timer) };
}

/** Ends, by PID, each process of `seen` (pid -> start time) that is still the same process. */
export function killLeftovers(seen, log) {
  for (const [pid, st] of seen) {
    if (st && startTime(pid) === st) {
      log(
        `killing leftover process ${pid} (${(() => {
          try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1, 4).join(' ').slice(-120);
          } catch {
            return '?';
          }
        })()})`,
      );
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
  }
}
