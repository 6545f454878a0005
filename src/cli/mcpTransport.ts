// The MCP server's stdio: one JSON-RPC message per line, as the SDK's StdioServerTransport reads it, but with
// bounds. A line past MAX_MESSAGE_BYTES is dropped as it streams in (never held whole) and answered with a
// JSON-RPC error (-32600) for its id, and serving goes on; a line that is not JSON is answered -32700 (the
// SDK's own reader closes the connection on an oversize line, so the server exited 0 without a word). A request
// whose params do not fit its method (tools/call without params) is answered -32602 naming what is missing: the
// SDK answered it -32603, an internal error, with the schema library's dump. Lines are gathered in a list of
// chunks and joined once: linear in the line's size.
import type { Readable, Writable } from 'stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ClientRequestSchema, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Far above any tool call (a payload to validate is text of some KB), far below what stalls the server. */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
const EDGE = 1024; // of an oversize line, the head and tail kept to find its id

type Id = string | number | null;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  /** While an oversize line streams past: its head, the latest tail, and its size so far. */
  private dropping: { head: Buffer; tail: Buffer; bytes: number } | undefined;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  private readonly onInputError = (e: Error) => this.onerror?.(e);

  private readonly onData = (chunk: Buffer | string) => {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let start = 0; start <= data.length;) {
      const nl = data.indexOf(0x0a, start);
      this.take(data.subarray(start, nl < 0 ? data.length : nl));
      if (nl < 0) return;
      this.endLine();
      start = nl + 1;
    }
  };

  private take(piece: Buffer): void {
    if (!piece.length) return;
    if (this.dropping) {
      this.dropping.bytes += piece.length;
      this.dropping.tail = Buffer.concat([this.dropping.tail, piece]).subarray(-EDGE);
    } else if (this.size + piece.length > this.maxBytes) {
      const all = Buffer.concat([...this.chunks, piece]);
      this.dropping = { head: all.subarray(0, EDGE), tail: all.subarray(-EDGE), bytes: all.length };
      this.chunks = [];
      this.size = 0;
    } else {
      this.chunks.push(piece);
      this.size += piece.length;
    }
  }

  private endLine(): void {
    if (this.dropping) {
      const { head, tail, bytes } = this.dropping;
      this.dropping = undefined;
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      const message =
        `Message too large: ${mb(bytes)}; this server reads messages of at most ${mb(this.maxBytes)}. ` +
        'Give a payload by "path" instead of "text", or send less.';
      this.onerror?.(new Error(`dropped a message of ${mb(bytes)} (at most ${mb(this.maxBytes)})`));
      return this.reply(idAtEdges(head.toString('utf8'), tail.toString('utf8')), -32600, message);
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      return this.reply(null, -32700, `Parse error: a message is one line of JSON (${(e as Error).message}).`);
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = (value as { id?: unknown } | null)?.id;
      const known = typeof id === 'string' || typeof id === 'number' ? id : null;
      return this.reply(known, -32600, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response.');
    }
    const invalid = invalidParams(parsed.data);
    if (invalid) return this.reply(invalid.id, -32602, invalid.message);
    this.onmessage?.(parsed.data);
  }

  private reply(id: Id, code: number, message: string): void {
    void this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  private write(message: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise(resolve => {
      if (this.output.write(JSON.stringify(message) + '\n')) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.input.pause();
    this.chunks = [];
    this.onclose?.();
  }
}

/**
 * The id of a message seen only at its edges: a top-level "id" first (`{"jsonrpc":"2.0","id":7,...`) or last
 * (`...,"id":7}`, as the SDK's client writes it). null when neither edge shows one.
 */
export function idAtEdges(head: string, tail: string): Id {
  const value = '(-?\\d+|"(?:[^"\\\\]|\\\\.)*")';
  const first = new RegExp(`^\\s*\\{\\s*(?:"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*)?"id"\\s*:\\s*${value}`).exec(head);
  const last = new RegExp(`[,{]\\s*"id"\\s*:\\s*${value}\\s*\\}\\s*\\r?$`).exec(tail);
  const raw = first?.[1] ?? last?.[1];
  return raw === undefined ? null : (JSON.parse(raw) as string | number);
}

/** The schema of each request an MCP client sends, by method: the SDK parses params with it before a handler runs. */
const REQUESTS = new Map(ClientRequestSchema.options.map(schema => [schema.shape.method.value as string, schema]));

/** A request of a known method whose params do not fit it: its id and a message naming each field at fault. */
export function invalidParams(message: JSONRPCMessage): { id: string | number; message: string } | undefined {
  if (!('method' in message) || !('id' in message)) return undefined; // a notification or a response
  const schema = REQUESTS.get(message.method);
  const parsed = schema?.safeParse({ method: message.method, params: message.params });
  if (!parsed || parsed.success) return undefined;
  const faults = parsed.error.issues.map(issue => {
    const field = issue.path.map(String).join('.');
    const expected = 'expected' in issue ? String(issue.expected) : '';
    const a = /^[aeiou]/.test(expected) ? 'an' : 'a';
    return /received undefined$/.test(issue.message)
      ? `"${field}" is missing${expected ? ` (${a} ${expected})` : ''}`
      : `"${field}": ${issue.message.replace(/^Invalid input: /, '')}`;
  });
  const hint =
    message.method === 'tools/call' ? ' Give params { "name": a tool of tools/list, "arguments": {...} }.' : '';
  return { id: message.id, message: `Invalid params of ${message.method}: ${faults.join('; ')}.${hint}` };
}
