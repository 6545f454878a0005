// `--filter TEXT` (the scenario's name or file path contains it, any case) and `--tag T` (repeatable: the
// scenario has any of them). Both given: a scenario must match both. A file named twice (by its folder and by
// itself) runs once.
import { realPathOf } from './files';

export interface Candidate {
  file: string;
  name?: string;
  tags?: string[];
}

export interface Selection {
  filter?: string;
  tags: string[];
}

export const selecting = (s: Selection) => s.filter !== undefined || s.tags.length > 0;

export function selects(c: Candidate, s: Selection): boolean {
  const text = s.filter?.toLowerCase();
  const byText = text === undefined || [c.name ?? '', c.file].some(x => x.toLowerCase().includes(text));
  const byTag = !s.tags.length || s.tags.some(t => c.tags?.includes(t));
  return byText && byTag;
}

/** What exists, for the message when nothing is selected. */
export function describeCandidates(all: Candidate[]): string[] {
  return all.map(c => `  ${c.name ?? '(no name)'} (${c.file})${c.tags?.length ? ` tags: ${c.tags.join(', ')}` : ''}`);
}

/** The name and tags of a scenario file's text, even one with findings; nothing when it is not JSON. */
export function peek(text: string): { name?: string; tags?: string[] } {
  try {
    const v = JSON.parse(text) as { name?: unknown; tags?: unknown };
    const name = typeof v?.name === 'string' ? v.name : undefined;
    const tags = Array.isArray(v?.tags) ? v.tags.filter((t): t is string => typeof t === 'string') : undefined;
    return { name, tags };
  } catch {
    return {};
  }
}

/**
 * Each file once, where it was first named: `test scenarios scenarios/a.scenario.json` runs a.scenario.json once.
 * Two names are one file when they resolve to one path (links followed), so `./a` and `dir/../a` are one too.
 */
export function distinctFiles(files: string[]): string[] {
  const seen = new Set<string>();
  return files.filter(f => {
    const key = realPathOf(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
