// How `test` hears Ctrl+C, or SIGTERM as CI sends on a timeout or a cancel: the first stops the running scenarios
// (their signal aborts; the reports are still written, exit 4); a second exits at once, for a request that does
// not hear the signal (a token being fetched) is not waited for.
import type { Io } from './io';

export interface Interrupt {
  /** Aborted by the first signal. */
  signal: AbortSignal;
  /** Stops listening (the run has ended). */
  close(): void;
}

export function listenForInterrupt(io: Io, exitCode: number): Interrupt {
  const interrupt = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (interrupt.signal.aborted) {
      io.err('interrupted again: exiting now');
      process.exit(exitCode);
    }
    const [by, again] = name === 'SIGINT' ? ['', 'Ctrl+C again'] : [` (${name})`, `${name} again`];
    io.err(`interrupted${by}: stopping the running scenarios (exit ${exitCode}; ${again} exits at once)`);
    interrupt.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: interrupt.signal,
    close() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
