// The Local sandbox's control steps (`advance`, `clock`, `catalog`, `reset`) where they cannot run: a real
// environment keeps its own date, catalog and data. A Local sandbox takes them all, embedded or reached by URL.
// So with callouts: the run's receiver listens on this machine's loopback, which only a Local sandbox can reach.
import { namesReceiver } from './calloutStep';
import type { PreparedStep } from './findingTypes';
import type { RunPlace } from './runPlace';

const WHAT: Record<string, string> = {
  advance: "moves the Local sandbox's clock",
  clock: "reads the Local sandbox's clock",
  catalog: "sets the Local sandbox's catalog",
  reset: 'makes the Local sandbox afresh',
};

const ONLY_LOCAL =
  'Run the scenario on the Local sandbox (no --base-url), or on one that `sandbox` started (--base-url with its URL).';

/** Why the step cannot run where the run goes, or undefined when it can. */
export function controlRefusal(p: PreparedStep, place: RunPlace): string | undefined {
  if (place.sandbox) return undefined;
  if (p.step.kind === 'callout' || namesReceiver(p)) {
    const what = p.step.kind === 'callout' ? 'waits for a callout' : 'names ${receiver.url}';
    return `${p.label} ${what}: the run's receiver listens on this machine's loopback (127.0.0.1), which this connection's service cannot reach. ${ONLY_LOCAL}`;
  }
  const what = WHAT[p.step.kind];
  if (!what) return undefined;
  const keeps =
    p.step.kind === 'catalog' ? 'its own catalog' : p.step.kind === 'reset' ? 'its own data' : 'its own date';
  return `${p.label} ${what}; this connection keeps ${keeps}. ${ONLY_LOCAL}`;
}
