// A big request body is checked on a worker thread (check-worker.js beside this bundle): a check takes time in
// proportion to the body (100,000 fields: most of a second), and the sandbox answers every other request
// meanwhile. Small bodies, and a build without the worker file, are checked here as before.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { requestContract } from '../../contract';
import { LISTED_FINDINGS, validate, type Finding, type PayloadKind, type RawFinding } from '../../schemas';

/** Bodies of at least this many characters are checked off the main thread (a 3 KB order takes about 1 ms). */
export const OFF_THREAD_CHARS = 64 * 1024;
const SCRIPT = path.join(__dirname, 'check-worker.js');

export type CheckAsked = { id: number; text: string } & (
  { kind: 'payload'; payload: string; now: number } | { kind: 'contract'; operationId: string }
);
export interface CheckAnswer {
  id: number;
  findings?: Finding[];
  contract?: ContractErrors;
  failed?: string;
}

/** A contract check's errors: the first LISTED_FINDINGS, and how many more there are. */
export interface ContractErrors {
  listed: RawFinding[];
  more: number;
}

let worker: Worker | undefined;
let asked = 0;
const waiting = new Map<number, (a: CheckAnswer) => void>();

/** The validator's findings for a v2 payload body (a big one checked on the worker). */
export async function validatedOffThread(text: string, kind: PayloadKind, now: number): Promise<Finding[]> {
  if (text.length < OFF_THREAD_CHARS) return validate(text, kind, { now: new Date(now) });
  const a = await offThread({ id: 0, text, kind: 'payload', payload: kind, now });
  return a?.findings ?? validate(text, kind, { now: new Date(now) });
}

/** The errors of a v1 body (`body`, parsed from `text`) against its operation's contract. */
export async function contractErrors(operationId: string, text: string, body: unknown): Promise<ContractErrors> {
  const a =
    text.length < OFF_THREAD_CHARS ? undefined : await offThread({ id: 0, text, kind: 'contract', operationId });
  return a?.contract ?? contractErrorsHere(operationId, body);
}

export function contractErrorsHere(operationId: string, body: unknown): ContractErrors {
  const errors = requestContract(operationId)
    .check(operationId, body)
    .filter(f => (f.severity ?? 'error') === 'error');
  return { listed: errors.slice(0, LISTED_FINDINGS), more: Math.max(0, errors.length - LISTED_FINDINGS) };
}

/** The worker's answer; undefined when there is no worker file or it failed (the caller checks here then). */
function offThread(message: CheckAsked): Promise<CheckAnswer | undefined> {
  const w = started();
  if (!w) return Promise.resolve(undefined);
  const id = ++asked;
  return new Promise(resolve => {
    waiting.set(id, a => resolve(a.failed === undefined ? a : undefined));
    w.ref(); // an answer awaited keeps the process alive
    w.postMessage({ ...message, id });
  });
}

function started(): Worker | undefined {
  if (worker) return worker;
  if (!fs.existsSync(SCRIPT)) return undefined;
  const w = (worker = new Worker(SCRIPT));
  w.on('message', (a: CheckAnswer) => {
    waiting.get(a.id)?.(a);
    waiting.delete(a.id);
    if (!waiting.size) w.unref(); // an idle checker keeps no process alive
  });
  const gone = () => {
    if (worker === w) worker = undefined; // the next big body starts another
    for (const [id, done] of waiting) {
      waiting.delete(id);
      done({ id, failed: 'the checker stopped' });
    }
  };
  w.on('error', gone);
  w.on('exit', gone);
  w.unref(); // after the listeners: adding one refs the worker again
  return w;
}
