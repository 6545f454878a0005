// The one action a failure offers, in the notification and as the panel's error button: what the advice
// says to do (sign in, switch connection), or the log.
import { ApiError } from '../client';

export function offerFor(e: unknown): 'Sign In' | 'Switch Connection' | 'Show Log' {
  if (!(e instanceof ApiError)) return 'Show Log';
  if (e.next === 'credentials' || e.status === 401 || e.category === 11) return 'Sign In';
  if (e.next === 'realEnvironment' || e.next === 'baseUrl') return 'Switch Connection';
  return 'Show Log';
}
