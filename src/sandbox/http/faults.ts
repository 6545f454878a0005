// Faults on demand, so people can test their own retry logic: `429:0.1,503:0.05,timeout:0.01` answers
// 10% of requests 429 and 5% 503 (both with Retry-After), and leaves 1% unanswered until the client
// gives up. The random source is injectable so tests are deterministic.

export type FaultKind = '429' | '503' | 'timeout';
export interface Fault {
  kind: FaultKind;
  probability: number;
}

const KINDS: readonly FaultKind[] = ['429', '503', 'timeout'];

/** Parses `KIND:P,...`; throws an Error that says what is wrong (the CLI shows it as a usage error). */
export function parseFaults(spec: string): Fault[] {
  const faults: Fault[] = [];
  for (const part of spec
    .split(',')
    .map(p => p.trim())
    .filter(Boolean)) {
    const [kind, p, extra] = part.split(':');
    const probability = Number(p);
    if (
      extra !== undefined ||
      !KINDS.includes(kind as FaultKind) ||
      p === undefined ||
      p.trim() === '' ||
      !(probability >= 0 && probability <= 1)
    ) {
      throw new Error(`"${part}" is not a fault: write KIND:P with KIND one of ${KINDS.join(', ')} and P from 0 to 1`);
    }
    faults.push({ kind: kind as FaultKind, probability });
  }
  const total = faults.reduce((t, f) => t + f.probability, 0);
  if (total > 1) throw new Error(`the fault probabilities add up to ${total}, more than 1`);
  return faults;
}

/** The fault to inject for one request, if any: one draw, split across the faults in order. */
export function pickFault(faults: readonly Fault[], random: () => number): FaultKind | undefined {
  if (!faults.length) return undefined;
  let r = random();
  for (const f of faults) {
    if (r < f.probability) return f.kind;
    r -= f.probability;
  }
  return undefined;
}
