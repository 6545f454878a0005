/** Median wall time of `fn` in ms over `runs` runs after warm-up. Ratios are taken within one process run. */
export function median(fn: () => unknown, runs = 15, warmup = 3): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function medianAsync(fn: () => Promise<unknown>, runs = 7, warmup = 2): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** One line per figure: `name: value unit (goal ...)`. */
export function figure(name: string, value: number, unit: string, goal?: string): void {
  const shown = unit === 'B' ? value.toFixed(0) : value < 10 ? value.toFixed(3) : value.toFixed(1);
  console.log(`${name}: ${shown} ${unit}${goal ? ` (goal ${goal})` : ''}`);
}
