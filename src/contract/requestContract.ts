// What the contract says of an operation's request body: its schema, a template, the fields at a place,
// and the findings for a body. One per family (v1, v2), each built once from its lazily loaded request data.
import type { PathSegment } from '../schemas/findings';
import type { RawFinding } from '../schemas/rules';
import { checkValue } from './checkValue';
import { idValueFindings } from './idValues';
import { placeholderFor } from './placeholder';
import { REQUESTS } from './requestData';
import { V2_REQUESTS } from './requestDataV2';
import type { RequestData, SchemaNode } from './schemaNode';
import { namedBranch, Shapes, withoutBranches, type Shape } from './shapes';
import { isObj } from '../schemas/objects';

export class RequestContract {
  readonly shapes: Shapes;

  constructor(
    private readonly data: RequestData,
    /** v1 objects are open (an unknown field is ignored); v2 objects are closed (the service refuses one). */
    readonly family: 'v1' | 'v2',
  ) {
    this.shapes = new Shapes(data.schemas);
  }

  /** The JSON body schema of a catalog operation (`POST /v1/orders`), if it takes one. */
  bodyOf(operationId: string): SchemaNode | undefined {
    return Object.hasOwn(this.data.operations, operationId) ? this.data.operations[operationId] : undefined;
  }

  /** The media type of a body that is not JSON (`multipart/form-data` for a file upload). */
  mediaOf(operationId: string): string | undefined {
    return Object.hasOwn(this.data.media, operationId) ? this.data.media[operationId] : undefined;
  }

  get operationIds(): string[] {
    return Object.keys(this.data.operations);
  }

  /**
   * Findings for `body`, with paths below `at` (`['body']` in a request file): its schema's, and the looked-up
   * ids that are empty (the service answers 400) or still a template's placeholder.
   */
  check(operationId: string, body: unknown, at: PathSegment[] = []): RawFinding[] {
    const node = this.bodyOf(operationId);
    if (!node) return [];
    const found = withoutShadowedMissing(
      checkValue(this.shapes, node, body, at, { unknownRefused: this.family === 'v2' }),
    );
    for (const f of idValueFindings(operationId, body, at)) found.push(f); // one by one: either may be long
    return found;
  }

  /** A body with every required field, each with a value that shows what goes there. */
  template(operationId: string): unknown {
    const node = this.bodyOf(operationId);
    return node ? placeholderFor(this.shapes, node) : undefined;
  }

  /** The shape at `path` inside the body (array indexes step into entries), or undefined. */
  shapeAt(operationId: string, path: readonly PathSegment[], value?: unknown): Shape | undefined {
    const node = this.bodyOf(operationId);
    return node ? this.walk(node, path, value) : undefined;
  }

  private walk(node: SchemaNode, path: readonly PathSegment[], value: unknown): Shape | undefined {
    let s = this.flat(node, value);
    for (const seg of path) {
      const next: SchemaNode | undefined =
        typeof seg === 'number'
          ? s.items
          : (s.properties[seg] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined));
      if (!next) return undefined;
      value = isObj(value) || Array.isArray(value) ? (value as Record<PathSegment, unknown>)[seg] : undefined;
      s = this.flat(next, value);
    }
    return s;
  }

  /** A shape with oneOf branches folded in: the discriminated one, or all of them (for completion). */
  private flat(node: SchemaNode, value: unknown): Shape {
    const s = this.shapes.of(node);
    if (!s.variants) return s;
    const named = namedBranch(s, value);
    const own = withoutBranches(s);
    if (named) return this.shapes.of({ allOf: [own, named] });
    // Every branch's fields are offered; only what all of them require is required.
    const variants = s.variants;
    const folded = this.shapes.of({ allOf: [own, ...variants] });
    const required = folded.required.filter(f => variants.every(v => this.shapes.of(v).required.includes(f)));
    return { ...folded, required: [...new Set([...s.required, ...required])] };
  }
}

/** A misspelt field is one mistake: its "did you mean" stands for the required field it leaves missing. */
function withoutShadowedMissing(found: RawFinding[]): RawFinding[] {
  const renamedTo = new Set(
    found.flatMap(f => (f.fix?.kind === 'renameProperty' ? [[...f.path.slice(0, -1), f.fix.to].join('\u0000')] : [])),
  );
  return found.filter(f => f.code !== 'missing-field' || !renamedTo.has(f.path.join('\u0000')));
}

let v1: RequestContract | undefined, v2: RequestContract | undefined;
/** The request contract of an operation's family (`POST /v2/contacts`: v2; v1 when none is named), built on first use. */
export const requestContract = (operationId?: string): RequestContract =>
  operationId?.includes(' /v2/')
    ? (v2 ??= new RequestContract(V2_REQUESTS, 'v2'))
    : (v1 ??= new RequestContract(REQUESTS, 'v1'));
