// The clock's control path: GET answers today and how far back the clock can go; POST `{ "to": DATE }` or
// `{ "by": "3 months" }` moves it and answers what happened (in turns: other requests meanwhile get a 503). Authenticated like every call (it is in the route
// table, not public); a body it cannot read is a 400 in the v2 shape, saying what to send.
import { CLOCK_PATH, isClockDate, parseBy, type ClockStep } from '../../wire/sandboxClock';
import { badRequest } from './errors';
import type { RouteDeps } from './routeDeps';
import { ok, type Route } from './router';
import type { TimeMachine } from '../timeTravel/timeMachine';

/** A value as a message quotes it: short, whatever was sent. */
const shown = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};
const WHAT_TO_SEND = 'send { "to": "2027-06-01" } (a date; an earlier one goes back) or { "by": "3 months" }';

export function clockRoutes(machine: TimeMachine, idempotent: RouteDeps['idempotent']): Route[] {
  return [
    { method: 'GET', path: CLOCK_PATH, handle: () => ok(machine.status()) },
    {
      method: 'POST',
      path: CLOCK_PATH,
      handle: call => idempotent(call, clockStepOf, async body => ok(await machine.moveAsync(clockStepOf(body)))),
    },
  ];
}

/** The step a body asks for; a 400 naming the field and what to send otherwise. */
export function clockStepOf(body: unknown): ClockStep {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('invalid_parameter', undefined, `The body must be a JSON object: ${WHAT_TO_SEND}.`);
  }
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (key !== 'to' && key !== 'by') {
      throw badRequest('unknown_parameter', key, `Unknown field "${key}": ${WHAT_TO_SEND}.`, 21);
    }
  }
  if ('to' in b && 'by' in b)
    throw badRequest('invalid_parameter', 'by', `Give "to" or "by", not both: ${WHAT_TO_SEND}.`);
  if ('to' in b) {
    if (typeof b.to !== 'string' || !isClockDate(b.to)) {
      throw badRequest('invalid_parameter', 'to', `"to" must be a real date written YYYY-MM-DD, not ${shown(b.to)}.`);
    }
    return { to: b.to };
  }
  if ('by' in b) {
    const by =
      typeof b.by === 'string' ? parseBy(b.by) : { error: `"by" must be text such as "3 months", not ${shown(b.by)}.` };
    if ('error' in by) throw badRequest('invalid_parameter', 'by', by.error);
    return { by };
  }
  throw badRequest('missing_parameter', 'to', `Say where the clock goes: ${WHAT_TO_SEND}.`, 22);
}
