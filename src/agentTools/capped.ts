// Agent tool answers stay small: a list is cut at a limit and says how many were left out.

/** The first `limit` entries, and `more` (how many were left out) when any were. */
export function capped<T>(list: readonly T[], limit: number): { shown: T[]; more?: number } {
  return list.length > limit ? { shown: list.slice(0, limit), more: list.length - limit } : { shown: [...list] };
}

/** "and 12 more", for an answer whose list was cut. */
export const andMore = (more: number | undefined, what: string): { note?: string } =>
  more ? { note: `and ${more} more ${what} (fix these first, or check the file in the editor)` } : {};
