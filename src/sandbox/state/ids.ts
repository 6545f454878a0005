import { randomUUID } from 'crypto';

/** Opaque 32-hex ids, as the service returns; randomUUID draws from a cached pool, not a system call per id. */
export const newId = () => {
  const u = randomUUID(); // 8-4-4-4-12: the hyphens taken out by slices, cheaper than a pattern per id
  return u.slice(0, 8) + u.slice(9, 13) + u.slice(14, 18) + u.slice(19, 23) + u.slice(24);
};

/** A00000001, S00000001, ...: readable numbers from per-prefix counters. */
export class Numbers {
  constructor(public counters: Record<string, number> = {}) {}
  next(prefix: string): string {
    const n = (this.counters[prefix] = (this.counters[prefix] ?? 0) + 1);
    return `${prefix}${String(n).padStart(8, '0')}`;
  }
}
