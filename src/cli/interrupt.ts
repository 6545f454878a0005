// How `test` hears Ctrl+C, or SIGTERM as CI sends on a timeout or a cancel: the first stops the running scenarios
// (their signal aborts; the reports are still written, exit 4); a second exits at once, for a request that does
// not hear the signal (a token being fetched) is not waited for. It exits as the signal would have ended the
// process (130, 143: the shell's codes), never with 4, which promises the reports. The run listens until its
// reports are written: they are written synchronously, so a second signal then waits for the last one to be whole.
import type { Io } from './io';

export interface Interrupt {
  /** Aborted by the first signal. */
  signal: AbortSignal;
  /** Stops listening (the run has ended). */
  close(): void;
}

/** The exit code of a process a signal ended: 128 + the signal's number. */
export const SIGNAL_EXIT: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

export function listenForInterrupt(io: Io, exitCode: number): Interrupt {
  const interrupt = new AbortController();
  const onSignal = (name: 'SIGINT' | 'SIGTERM') => {
    if (interrupt.signal.aborted) {
      io.err(`interrupted again: exiting now (exit ${SIGNAL_EXIT[name]}; reports not yet written are not written)`);
      process.exit(SIGNAL_EXIT[name]);
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
