// Waiting in tests without sleeping: for an event the code under test signals, or for a condition polled
// until a deadline. Either fails with what it waited for, never hangs.

/** A one-shot signal: the code under test opens it, the test awaits it (within a deadline). */
export function gate(what: string, timeoutMs = 10_000) {
  let open!: () => void;
  const opened = new Promise<void>(resolve => (open = resolve));
  return {
    open: () => open(),
    /** Resolves when opened; rejects, naming what it waited for, after `timeoutMs`. */
    wait: () => within(opened, timeoutMs, what),
  };
}

/** The promise's value, or a failure naming `what` after `timeoutMs`. */
export async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` every few ms until it holds; fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise(resolve => setTimeout(resolve, 5));
  }
}

/**
 * A Local sandbox's clock move held at its first turn (`clockPause` for startSandbox): `inMove` resolves once the
 * move is paused there, and it goes on when `release` is called. Later turns do not pause.
 */
export function firstTurnHeld() {
  let paused!: () => void;
  const inMove = new Promise<void>(resolve => (paused = resolve));
  let release!: () => void;
  const held = new Promise<void>(resolve => (release = resolve));
  let first = true;
  const clockPause = () => {
    if (!first) return undefined;
    first = false;
    paused();
    return held;
  };
  return { clockPause, inMove, release: () => release() };
}
