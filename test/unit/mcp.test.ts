// `node dist/cli.js mcp` as an agent meets it: its own process, spoken to over stdio with the official SDK's
// client. The four tools are listed with their inputs, and each answers with small structured JSON.
import { test, describe, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startSandbox } from '../../src/sandbox';
import { CLI } from './cli';
import { NEW_CUSTOMER_TOTALS } from './expected';
import { TOOL_NAMES as TOOLS, type Answer } from './agentToolAnswers';

let client: Client;
const protocolErrors: Error[] = [];
let stderr = '';
// The folder the server is started in: its workspace, the only place its tools read files from.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-mcp-'));
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-mcp-outside-'));
fs.mkdirSync(path.join(dir, 'examples'));
for (const f of ['new-customer.preview.json', 'new-customer.order.json'])
  fs.copyFileSync(path.join('examples', f), path.join(dir, 'examples', f));

before(async () => {
  const env = { ...(process.env as Record<string, string>), BILLING_CLIENT_ID: '', BILLING_CLIENT_SECRET: '' };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    env,
    stderr: 'pipe',
    cwd: dir,
  });
  transport.stderr?.on('data', d => (stderr += d));
  client = new Client({ name: 'unit-test', version: '1.0.0' });
  client.onerror = e => protocolErrors.push(e); // a line on stdout that is not the protocol lands here
  await client.connect(transport);
});
after(async () => {
  await client.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

/** A tool's answer: its one text part, parsed. */
async function call(name: string, args: Record<string, unknown>): Promise<{ isError?: boolean; data: Answer }> {
  const r = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
  };
  assert.equal(r.content.length, 1);
  assert.equal(r.content[0].type, 'text');
  return { isError: r.isError, data: JSON.parse(r.content[0].text) };
}

describe('node dist/cli.js mcp', () => {
  test('initialize names the server; tools/list shows the four tools with their input schemas', async () => {
    assert.equal(client.getServerVersion()?.name, 'billing-workbench');
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map(t => t.name).sort(), [...TOOLS].sort());
    const byName = new Map(tools.map(t => [t.name, t]));
    const props = (n: string) => Object.keys(byName.get(n)!.inputSchema.properties ?? {}).sort();
    assert.deepEqual(props('billingWorkbench_validate'), ['kind', 'path', 'text']);
    assert.deepEqual(props('billingWorkbench_preview'), ['create', 'path']);
    assert.deepEqual(byName.get('billingWorkbench_preview')!.inputSchema.required, ['path']);
    assert.deepEqual(byName.get('billingWorkbench_findOperation')!.inputSchema.required, ['query']);
    assert.deepEqual(byName.get('billingWorkbench_describeOperation')!.inputSchema.required, ['operation']);
    for (const t of tools) assert.ok(t.description && t.description.length > 40, `${t.name} says what it does`);
  });

  test('validate a bad payload file: findings with path, line, severity, message and the quick fixes as edits', async () => {
    const file = path.join(dir, 'bad.order.json');
    const text = fs
      .readFileSync('examples/new-customer.order.json', 'utf8')
      .replace('"subscriptions"', '"subscriptons"');
    fs.writeFileSync(file, text);
    const { isError, data } = await call('billingWorkbench_validate', { path: file });
    assert.equal(isError, undefined);
    assert.equal(data.kind, 'order');
    assert.ok(data.errors >= 1, JSON.stringify(data));
    const typo = data.findings.find(f => f.path === 'subscriptons');
    assert.ok(typo, JSON.stringify(data.findings));
    assert.equal(typo.severity, 'error');
    assert.equal(typo.code, 'unknown-field');
    assert.equal(typo.line, text.slice(0, text.indexOf('"subscriptons"')).split('\n').length);
    assert.equal(typo.fixes[0].title, 'Rename to `subscriptions`');
    const edit = typo.fixes[0].edits[0];
    const fixed = text.slice(0, edit.offset) + edit.content + text.slice(edit.offset + edit.length);
    assert.equal(fixed, fs.readFileSync('examples/new-customer.order.json', 'utf8'), 'the edit restores the file');
  });

  test('validate text with its kind; a clean payload has no findings', async () => {
    const text = fs.readFileSync('examples/new-customer.order.json', 'utf8');
    const { data } = await call('billingWorkbench_validate', { text, kind: 'order' });
    assert.deepEqual(data, { kind: 'order', errors: 0, warnings: 0, findings: [] });
    const none = await call('billingWorkbench_validate', { text });
    assert.equal(none.isError, true);
    assert.match(none.data.error, /"kind"/);
  });

  test('findOperation "refund a payment" ranks POST /v1/payments/{paymentKey}/refunds first', async () => {
    const { data } = await call('billingWorkbench_findOperation', { query: 'refund a payment', limit: 3 });
    assert.equal(data.operations.length, 3);
    assert.equal(data.operations[0].id, 'POST /v1/payments/{paymentKey}/refunds');
    assert.ok(data.operations[0].summary && data.operations[0].group);
  });

  test('describeOperation lists path parameters and body fields with type, required and allowed values', async () => {
    const refund = await call('billingWorkbench_describeOperation', {
      operation: 'POST /v1/payments/{paymentKey}/refunds',
    });
    assert.deepEqual(refund.data.pathParams, [{ name: 'paymentKey', required: true }]);
    assert.equal(refund.data.body.takes, true);
    const total = refund.data.body.fields.find(f => f.name === 'totalAmount');
    assert.ok(total, JSON.stringify(refund.data.body.fields.map(f => f.name)));
    assert.match(total.type, /^number/);
    const v2 = await call('billingWorkbench_describeOperation', {
      operation: 'POST /v2/orders',
      at: 'subscriptions[].initial_term',
    });
    const type = v2.data.body.fields.find(f => f.name === 'type');
    assert.deepEqual(type?.values, ['termed', 'evergreen']);
    const unknown = await call('billingWorkbench_describeOperation', { operation: 'POST /v1/refund' });
    assert.equal(unknown.isError, true);
    assert.ok(unknown.data.closest.length > 0);
  });

  test('preview on the embedded Local sandbox answers totals, items and invoices; errors are not sent', async () => {
    const { isError, data } = await call('billingWorkbench_preview', { path: 'examples/new-customer.preview.json' });
    assert.equal(isError, undefined, JSON.stringify(data));
    assert.equal(data.connection.kind, 'local');
    assert.deepEqual(data.totals, [NEW_CUSTOMER_TOTALS]);
    assert.ok(data.items.length > 0);
    assert.equal(data.invoicesAsked, true);
    assert.ok(data.invoices.length > 0 && data.invoices[0].type === 'invoice', JSON.stringify(data.invoices));
    const bad = path.join(dir, 'bad.order.json');
    const refused = await call('billingWorkbench_preview', { path: bad });
    assert.equal(refused.isError, true);
    assert.equal(refused.data.sent, false);
    assert.ok(refused.data.validation!.findings.length > 0);
  });

  test('create on the Local sandbox makes the order; stdout carried nothing but the protocol', async () => {
    const { data } = await call('billingWorkbench_preview', { path: 'examples/new-customer.order.json', create: true });
    assert.match(data.orderNumber, /\S/, JSON.stringify(data));
    assert.ok(data.subscriptions.length > 0);
    assert.deepEqual(protocolErrors, []);
    assert.match(stderr, /MCP server on stdio/);
  });

  test('only files of the folder it was started in: outside, a link out, /dev/zero, a pipe, over 10 MB are refused', async () => {
    const token = `ghp_${'A1b2C3d4'.repeat(5)}`;
    const secret = path.join(outside, 'settings.order.json');
    fs.writeFileSync(secret, JSON.stringify({ subscriptions: [], github: token, notes: 'x'.repeat(50) }, null, 2));
    const said = async (name: string, args: Record<string, unknown>, rule: RegExp) => {
      const r = await call(name, args);
      assert.equal(r.isError, true, JSON.stringify(r.data));
      assert.match(r.data.error ?? '', rule);
      assert.ok(!JSON.stringify(r.data).includes('ghp_'), 'nothing of the file comes back');
      return r;
    };
    const isOutside = /is outside .*bw-mcp-.*only files inside the workspace are read/;
    await said('billingWorkbench_validate', { path: secret }, isOutside);
    await said('billingWorkbench_validate', { path: `../${path.basename(outside)}/settings.order.json` }, isOutside);
    await said('billingWorkbench_preview', { path: secret }, isOutside);
    fs.symlinkSync(secret, path.join(dir, 'link.order.json'));
    await said('billingWorkbench_validate', { path: 'link.order.json' }, /link\.order\.json is outside/);
    await said('billingWorkbench_validate', { path: '/dev/zero', kind: 'order' }, /\/dev\/zero is outside/);
    fs.symlinkSync('/dev/zero', path.join(dir, 'zero.order.json'));
    await said('billingWorkbench_validate', { path: 'zero.order.json' }, /zero\.order\.json is outside/);
    fs.mkdirSync(path.join(dir, 'folder.order.json'));
    await said(
      'billingWorkbench_validate',
      { path: 'folder.order.json' },
      /is a folder: give the path of a payload file/,
    );
    const big = path.join(dir, 'big.order.json');
    fs.writeFileSync(big, `{"subscriptions":[],"notes":"${'x'.repeat(11 * 1024 * 1024)}"}`);
    await said('billingWorkbench_validate', { path: 'big.order.json' }, /big\.order\.json is 11\.0 MB; .* up to 10 MB/);
    const fifo = path.join(dir, 'pipe.order.json');
    if (spawnSync('mkfifo', [fifo]).status === 0)
      await said('billingWorkbench_validate', { path: 'pipe.order.json' }, /not a regular file/);
    assert.match(stderr, /MCP server on stdio/, 'still serving');
  });
});

/**
 * The server spoken to line by line, as a careless agent would: each answer awaited by its id with a deadline
 * (a server that died or hangs fails the test instead of stalling it).
 */
const started: ReturnType<typeof spawn>[] = [];
function rawServer(args: string[] = [], env: Record<string, string> = {}) {
  const p = spawn(process.execPath, [CLI, 'mcp', ...args], { env: { ...process.env, BILLING_CLIENT_ID: '', ...env } });
  started.push(p);
  const answers = new Map<unknown, Record<string, unknown>>();
  const waiting = new Map<unknown, () => void>();
  let stderr = '';
  let buffered = '';
  p.stderr.on('data', d => (stderr += d));
  p.stdin.on('error', () => {}); // a server that died: the deadline says so
  p.stdout.on('data', d => {
    const lines = (buffered + d).split('\n');
    buffered = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      const m = JSON.parse(line) as Record<string, unknown>;
      answers.set(m.id, m);
      waiting.get(m.id)?.();
    }
  });
  const exited = new Promise<number | null>(res => p.on('exit', code => res(code)));
  const answer = (id: unknown, deadlineMs = 20_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      if (answers.has(id)) return resolve(answers.get(id)!);
      const timer = setTimeout(
        () => reject(new Error(`no answer to ${String(id)} in ${deadlineMs} ms; ${stderr}`)),
        deadlineMs,
      );
      const gone = () => reject(new Error(`the server exited before answering ${String(id)}: ${stderr}`));
      void exited.then(gone);
      waiting.set(id, () => {
        clearTimeout(timer);
        resolve(answers.get(id)!);
      });
    });
  const send = (m: unknown) => p.stdin.write(JSON.stringify(m) + '\n');
  const call = (id: number, name: string, args: unknown) =>
    send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { p, send, call, answer, exited, stderr: () => stderr };
}

describe('node dist/cli.js mcp: bounded messages and queries', () => {
  after(() => {
    for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill(); // a test that failed
  });
  test('a 50 MB message is answered -32600 for its id and the server keeps serving; a line not JSON is -32700', async () => {
    const s = rawServer();
    await s.answer(0);
    s.call(7, TOOLS[0], { text: 'x'.repeat(50 * 1024 * 1024), kind: 'order' }); // the id comes last, as SDKs write it
    s.send({ jsonrpc: '2.0', id: 8, method: 'tools/list' });
    const big = (await s.answer(7)).error as { code: number; message: string };
    assert.equal(big.code, -32600);
    assert.match(big.message, /too large: 50\.0 MB; .* at most 8\.0 MB/);
    assert.ok(((await s.answer(8)).result as { tools: unknown[] }).tools.length === 4, 'still serving');
    s.p.stdin.write('{not json\n');
    s.send({ jsonrpc: '2.0', id: 9, method: 'tools/list' });
    assert.equal(((await s.answer(null)).error as { code: number }).code, -32700);
    await s.answer(9);
    s.p.stdin.end();
    assert.equal(await s.exited, 0);
    assert.match(s.stderr(), /dropped a message of 50\.0 MB/);
    assert.match(s.stderr(), /the agent closed the connection/, 'an exit says why');
  });

  test('a 1 MB findOperation query is a tool error at once, and the next call is answered', async () => {
    const s = rawServer();
    await s.answer(0);
    s.call(
      1,
      TOOLS.find(t => t.endsWith('findOperation'))!,
      { query: 'refund a payment '.repeat(60_000) },
    );
    s.call(
      2,
      TOOLS.find(t => t.endsWith('describeOperation'))!,
      { operation: 'POST /v1/orders'.repeat(70_000) },
    );
    s.call(
      3,
      TOOLS.find(t => t.endsWith('findOperation'))!,
      { query: 'refund a payment', limit: 1 },
    );
    const tooLong = (await s.answer(1)).result as { isError: boolean; content: { text: string }[] };
    assert.equal(tooLong.isError, true);
    assert.match(tooLong.content[0].text, /at most 1000 characters/);
    const op = (await s.answer(2)).result as { isError: boolean; content: { text: string }[] };
    assert.equal(op.isError, true);
    assert.match(op.content[0].text, /at most 200 characters/);
    const found = (await s.answer(3)).result as { content: { text: string }[] };
    assert.match(found.content[0].text, /refunds/);
    s.p.stdin.end();
    assert.equal(await s.exited, 0);
  });

  test('tools/call without params, or without a name: -32602 (invalid params) naming what is missing; serving goes on', async () => {
    const s = rawServer();
    await s.answer(0);
    s.send({ jsonrpc: '2.0', id: 1, method: 'tools/call' });
    s.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { arguments: {} } });
    s.call(
      3,
      TOOLS.find(t => t.endsWith('findOperation'))!,
      { query: 'refund a payment', limit: 1 },
    );
    const none = (await s.answer(1)).error as { code: number; message: string };
    assert.equal(none.code, -32602, none.message);
    assert.match(
      none.message,
      /^Invalid params of tools\/call: "params" is missing \(an object\)\. Give params \{ "name"/,
    );
    const nameless = (await s.answer(2)).error as { code: number; message: string };
    assert.equal(nameless.code, -32602, nameless.message);
    assert.match(nameless.message, /"params\.name" is missing \(a string\)/);
    const found = (await s.answer(3)).result as { content: { text: string }[] };
    assert.match(found.content[0].text, /refunds/, 'still serving');
    s.p.stdin.end();
    assert.equal(await s.exited, 0);
  });

  test('--base-url plain http off loopback, or with the service path: refused at start, exit 2, saying what to pass', async () => {
    const credentials = { BILLING_CLIENT_ID: 'id', BILLING_CLIENT_SECRET: 'secret' };
    for (const [url, told] of [
      [
        'http://billing.example.com',
        /HTTPS is required for every host but loopback\. Change --base-url to https:\/\/billing\.example\.com\./,
      ],
      [
        'https://billing.example.com/v2',
        /the host \(and optional port\) only.*Change --base-url to https:\/\/billing\.example\.com\./,
      ],
    ] as const) {
      const s = rawServer(['--base-url', url], credentials); // stdin stays open: before, it served on
      const deadline = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${url}: still serving: ${s.stderr()}`)), 20_000).unref(),
      );
      assert.equal(await Promise.race([s.exited, deadline]), 2, s.stderr());
      assert.match(s.stderr(), told);
      assert.doesNotMatch(s.stderr(), /MCP server on stdio/);
    }
  });

  // As test, preview and create do (found by a tryout: mcp alone asked for credentials and --yes there).
  test('--base-url on a Local sandbox, no credentials and no --yes: its demo ones, and a create makes the order', async () => {
    const sb = await startSandbox();
    try {
      const s = rawServer(['--base-url', sb.url]);
      await s.answer(0);
      const orders = sb.store.orders.size;
      s.call(
        1,
        TOOLS.find(t => t.endsWith('preview'))!,
        { path: 'examples/new-customer.order.json', create: true },
      );
      const r = (await s.answer(1)) as { result?: { isError?: boolean; content: { text: string }[] } };
      assert.ok(r.result && !r.result.isError, JSON.stringify(r));
      assert.equal(sb.store.orders.size, orders + 1, 'the order is made in that sandbox');
      assert.match(s.stderr(), /using the Local sandbox at http:\/\/127\.0\.0\.1:\d+ with its demo credentials/);
      s.p.stdin.end();
      assert.equal(await s.exited, 0);
    } finally {
      await sb.close();
    }
  });

  test('an agent that closed its end (stdout) while stdin stays open: the server stops at its next answer, saying so', async () => {
    const s = rawServer();
    await s.answer(0);
    s.p.stdout.destroy(); // nobody reads the answers any more
    s.call(
      1,
      TOOLS.find(t => t.endsWith('findOperation'))!,
      { query: 'refund a payment', limit: 1 },
    );
    // A deadline, not a figure: before, it served on until stdin ended (never, here).
    const deadline = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still serving with its stdout closed: ${s.stderr()}`)), 20_000).unref(),
    );
    assert.equal(await Promise.race([s.exited, deadline]), 0, s.stderr());
    assert.match(s.stderr(), /the agent closed its end \(stdout\): stopping/);
  });
});
