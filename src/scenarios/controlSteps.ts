// The Local sandbox's control steps (`advance`, `clock`, `catalog`, `reset`) where they cannot run: a real
// environment keeps its own date, catalog and data. A Local sandbox takes them all, embedded or reached by URL.
import type { PreparedStep } from './findingTypes';
import type { RunPlace } from './runPlace';

const WHAT: Record<string, string> = {
  advance: "moves the Local sandbox's clock",
  clock: "reads the Local sandbox's clock",
  catalog: "sets the Local sandbox's catalog",
  reset: 'makes the Local sandbox afresh',
};

/** Why the step cannot run where the run goes, or undefined when it can. */
export function controlRefusal(p: PreparedStep, place: RunPlace): string | undefined {
  const what = WHAT[p.step.kind];
  if (!what) return undefined;
  if (!place.sandbox) {
    const keeps =
      p.step.kind === 'catalog' ? 'its own catalog' : p.step.kind === 'reset' ? 'its own data' : 'its own date';
    return `${p.label} ${what}; this connection keeps ${keeps}. Run the scenario on the Local sandbox (no --base-url), or on one that \`sandbox\` started (--base-url with its URL).`;
  }
  return undefined;
}
