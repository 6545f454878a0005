// What the time machine refuses, in its own terms (it knows no HTTP): the control path answers a MoveRefused as a
// 400 naming the field, and ClockMoving as a 503 with Retry-After (http/errors.ts serviceErrorOf).

/** A move the clock cannot make (a step past its bounds, back before the history kept, too much at once). */
export class MoveRefused extends Error {
  constructor(
    readonly parameter: 'to' | 'by',
    message: string,
  ) {
    super(message);
  }
}

/** Any request while a move runs in turns: nothing may see it half done; it answers again when the move is done. */
export class ClockMoving extends Error {}
