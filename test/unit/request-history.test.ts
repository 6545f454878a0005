// Issue 15, History: the request history store. Bounded, newest first, redacted before anything is kept
// (the stored state is what is checked), and the same after a reload (a new store on the same state).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Redactor } from '../../src/client';
import {
  HISTORY_STATE_KEY,
  MAX_ENTRIES,
  MAX_VALUE_CHARS,
  RequestHistory,
  type RequestRecord,
} from '../../src/services/requestHistory';
import { MemoryState } from './memoryState';

const LOCAL = { name: 'Local sandbox', kind: 'local' };
const operation = (n: number): RequestRecord => ({
  title: `GET /v1/accounts/{account-key}`,
  method: 'GET',
  path: '/v1/accounts/{account-key}',
  target: `/v1/accounts/A${n}`,
  connection: LOCAL,
  request: {},
  call: {
    kind: 'operation',
    operation: 'GET /v1/accounts/{account-key}',
    pathParams: { 'account-key': `A${n}` },
    query: {},
  },
  status: 200,
  ms: 12,
  answer: { accountNumber: `A${n}` },
});
const preview = (source: string, origin?: 'live'): RequestRecord => ({
  title: 'Preview of a.preview.json',
  method: 'POST',
  path: '/v2/orders/preview',
  file: 'a.preview.json',
  connection: LOCAL,
  request: { body: { account_number: 'A1' } },
  call: { kind: 'preview', file: 'a.preview.json', source, body: { account_number: 'A1' } },
  status: 200,
  ms: 30,
  answer: { preview: [] },
  ...(origin ? { origin } : {}),
});

test(`keeps at most ${MAX_ENTRIES} entries, newest first, dropping the oldest`, async () => {
  let clock = 1_700_000_000_000;
  const h = new RequestHistory(new MemoryState(), () => clock++);
  for (let n = 1; n <= MAX_ENTRIES + 5; n++) h.record(operation(n));
  const targets = h.entries().map(e => e.target);
  assert.equal(targets.length, MAX_ENTRIES);
  assert.equal(targets[0], `/v1/accounts/A${MAX_ENTRIES + 5}`);
  assert.equal(targets.at(-1), '/v1/accounts/A6');
  const at = h.entries().map(e => e.at);
  assert.deepEqual(
    at,
    [...at].sort((a, b) => b - a),
    'newest first',
  );
  assert.equal(new Set(h.entries().map(e => e.id)).size, MAX_ENTRIES, 'ids are unique');
});

test('a secret in a body, a query or a header never reaches the stored state; the entry says it was masked', async () => {
  const state = new MemoryState();
  const h = new RequestHistory(state);
  const redactor = new Redactor();
  const clientSecret = 'client-Secret-Known-7781';
  redactor.remember(clientSecret);
  const secrets = ['hunter2-Pa55word', '4111111111111111', '4111 1111 1111 1111', 'k3y-abcdef-9'];
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLXZhbHVl';
  const body = { password: secrets[0], card: { number: secrets[2] }, raw: 4111111111111111, note: clientSecret };
  const entry = h.record(
    {
      ...operation(1),
      method: 'POST',
      request: {
        query: { api_key: secrets[3] },
        headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
        body,
      },
      call: { kind: 'operation', operation: 'POST /v1/payments', pathParams: {}, query: { api_key: secrets[3] }, body },
      answer: { echoed: { password: secrets[0], token: jwt } },
      error: { message: `failed for ${clientSecret}`, body: { card_number: secrets[1] } },
    },
    redactor,
  );
  await h.flushed();
  const stored = state.saved.get(HISTORY_STATE_KEY) ?? '';
  assert.ok(stored.includes('Content-Type'), 'the state holds the entry');
  for (const s of [...secrets, clientSecret, jwt]) assert.ok(!stored.includes(s), `"${s}" is not in the stored state`);
  assert.ok(!JSON.stringify(h.entries()).includes(clientSecret), 'nor in memory');
  assert.equal(entry.masked, true);
  assert.equal(entry.request.headers?.Authorization, '***');
  assert.ok(!h.record(operation(2)).masked, 'a request without secrets is not marked');
});

test('persistence round trip: a new store on the same state has the same entries; Clear empties the state', async () => {
  const state = new MemoryState();
  const h = new RequestHistory(state);
  h.record(operation(1));
  h.record({ ...operation(2), status: 404, answer: undefined, error: { message: 'Not found', category: 50 } });
  await h.flushed();
  const again = new RequestHistory(state);
  assert.deepEqual(again.entries(), JSON.parse(JSON.stringify(h.entries())));
  assert.equal(again.entries()[0].error?.message, 'Not found');
  let changes = 0;
  again.onDidChange(() => changes++);
  await again.clear();
  assert.equal(changes, 1);
  assert.deepEqual(again.entries(), []);
  assert.deepEqual(state.get(HISTORY_STATE_KEY), []);
  assert.deepEqual(new RequestHistory(state).entries(), []);
});

test("a document's newest live preview replaces its previous live entry; explicit previews and other files stay", () => {
  const h = new RequestHistory(new MemoryState());
  h.record(preview('file:///a.preview.json'));
  h.record(preview('file:///a.preview.json', 'live'));
  h.record(preview('file:///b.preview.json', 'live'));
  h.record(preview('file:///a.preview.json', 'live'));
  const rows = h.entries().map(e => `${e.call?.kind === 'preview' ? e.call.source : ''} ${e.origin ?? 'sent'}`);
  assert.deepEqual(rows, ['file:///a.preview.json live', 'file:///b.preview.json live', 'file:///a.preview.json sent']);
});

test('an answer too large to keep is replaced by a note with its size; the state stays small', async () => {
  const state = new MemoryState();
  const h = new RequestHistory(state);
  const big = { rows: 'x'.repeat(MAX_VALUE_CHARS + 10) };
  h.record({ ...operation(1), answer: big });
  await h.flushed();
  assert.match(JSON.stringify(h.entries()[0].answer), /Not kept in the history: [\d,]+ characters/);
  assert.ok((state.saved.get(HISTORY_STATE_KEY) ?? '').length < 10_000);
});

test('a save that fails (a full disk) does not stop the next one: the newest entries still reach the state', async () => {
  const state = new MemoryState();
  let full = true;
  const update = state.update.bind(state);
  state.update = (key: string, value: unknown) =>
    full ? Promise.reject(new Error('ENOSPC: no space left on device')) : update(key, value);
  const h = new RequestHistory(state);
  h.record(operation(1));
  await assert.rejects(Promise.resolve(h.flushed()), /ENOSPC/);
  full = false;
  h.record(operation(2));
  await h.flushed();
  assert.equal((state.get<unknown[]>(HISTORY_STATE_KEY) ?? []).length, 2, 'both entries saved once there is room');
});

test('a held history (a scenario run) saves once when released; listeners hear every record meanwhile', async () => {
  const state = new MemoryState();
  let saves = 0;
  const update = state.update.bind(state);
  state.update = (key: string, value: unknown) => (saves++, update(key, value));
  const h = new RequestHistory(state);
  let heard = 0;
  h.onDidChange(() => heard++);
  const release = h.hold();
  for (let n = 1; n <= 30; n++) h.record(operation(n));
  await h.flushed();
  assert.equal(heard, 30, 'the History view hears each step as it comes');
  assert.equal(saves, 0, 'nothing written while the run goes on');
  await release();
  assert.equal(saves, 1, 'one write for the run');
  assert.equal((state.get<unknown[]>(HISTORY_STATE_KEY) ?? []).length, 30);
  await release(); // a second release changes nothing
  h.record(operation(31));
  await h.flushed();
  assert.equal(saves, 2, 'after the run each record saves again');
});
