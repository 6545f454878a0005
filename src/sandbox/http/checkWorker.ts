// The worker thread that checks big request bodies for the Local sandbox (offThread.ts), so that no other
// request waits behind one body's check. Bundled as check-worker.js beside the sandbox (esbuild.js).
import { parentPort } from 'node:worker_threads';
import { validate, type PayloadKind } from '../../schemas';
import { parseJson } from './body';
import { contractErrorsHere, type CheckAnswer, type CheckAsked } from './offThread';

function answer(asked: CheckAsked): CheckAnswer {
  if (asked.kind === 'payload')
    return { id: asked.id, findings: validate(asked.text, asked.payload as PayloadKind, { now: new Date(asked.now) }) };
  return { id: asked.id, contract: contractErrorsHere(asked.operationId, parseJson(asked.text)) };
}

parentPort?.on('message', (asked: CheckAsked) => {
  let reply: CheckAnswer;
  try {
    reply = answer(asked);
  } catch (e) {
    reply = { id: asked.id, failed: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
