// A route table: method + path template -> handler. What the table does not hold is answered from it:
// a path it knows with another method is a 405 (with Allow), a path it does not know is the caller's to answer.
import type * as http from 'http';
import { decodeSegment } from './body';

export type Reply = { status: number; body: unknown; headers?: Record<string, string> };
export const ok = (body: unknown): Reply => ({ status: 200, body });

/** One request, as a handler sees it: template parameters are percent-decoded. */
export interface Call {
  req: http.IncomingMessage;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Test hook: waits before answering (the sandbox's `delay` option). */
  hold: () => Promise<void>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path, or a template with `{name}` segments (`/v2/orders/{orderKey}`). */
  path: string;
  /** Answers without an access token (the token endpoint). */
  public?: boolean;
  handle: (call: Call) => Reply | Promise<Reply>;
}

/** The routes whose template matches a path, with their raw parameters; none when the table does not know it. */
export interface PathMatch {
  routes: Route[];
  rawParams: Record<string, string>;
}

interface CompiledRoute {
  route: Route;
  regex: RegExp;
  names: string[];
  literal: boolean;
}

export class RouteTable {
  /** By segment count: a template's parameter is one whole segment, so only as many segments can match. */
  private readonly bySegments = new Map<number, CompiledRoute[]>();

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      const { regex, names, segments } = compiledPath(route.path);
      const compiled = { route, regex, names, literal: names.length === 0 };
      const same = this.bySegments.get(segments);
      if (same) same.push(compiled);
      else this.bySegments.set(segments, [compiled]);
    }
  }

  /** A literal path wins over a template (`/v2/orders/preview` is not the order "preview"), as in OpenAPI. */
  match(path: string): PathMatch | undefined {
    const hits = (this.bySegments.get(segmentCount(path)) ?? [])
      .map(c => ({ c, m: c.regex.exec(path) }))
      .filter((h): h is { c: CompiledRoute; m: RegExpExecArray } => h.m !== null);
    const best = hits.some(h => h.c.literal) ? hits.filter(h => h.c.literal) : hits;
    if (!best.length) return undefined;
    const first = best[0];
    const rawParams = Object.fromEntries(first.c.names.map((name, i) => [name, first.m[i + 1]]));
    const sameTemplate = best.filter(h => h.c.route.path === first.c.route.path);
    return { routes: sameTemplate.map(h => h.c.route), rawParams };
  }
}

const segmentCount = (path: string) => path.split('/').length;

/**
 * A template as a regular expression, made once per process: every sandbox (one per scenario) has the same
 * templates. The expressions are shared: without the g or y flag, exec keeps no state in them.
 */
const compiledPaths = new Map<string, { regex: RegExp; names: string[]; segments: number }>();
function compiledPath(path: string): { regex: RegExp; names: string[]; segments: number } {
  let compiled = compiledPaths.get(path);
  if (!compiled) {
    const names: string[] = [];
    const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    compiled = { regex: new RegExp(`^${source}$`), names, segments: segmentCount(path) };
    compiledPaths.set(path, compiled);
  }
  return compiled;
}

/** The route of a known path for this method, or undefined when the path answers other methods only. */
export function routeFor(match: PathMatch, method: string): Route | undefined {
  return match.routes.find(r => r.method === method);
}

export function allowedMethods(match: PathMatch): string[] {
  return match.routes.map(r => r.method);
}

/** Percent-decodes the parameters (bad encoding is the client's mistake: a 400). */
export function decodeParams(raw: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, decodeSegment(value)]));
}
