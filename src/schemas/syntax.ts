// Text that JSON.parse rejects: syntax errors, comments and trailing commas (the service's category 90),
// and nesting too deep to read at all.
import { printParseErrorCode, visit, type ParseError, type ParseErrorCode } from 'jsonc-parser';
import type { Finding } from './findings';

/** Deeper than this, the service's parser refuses the body (and jsonc-parser, being recursive, would overflow). */
export const MAX_DEPTH = 1000;

type SyntaxCode = 'json-syntax' | 'json-comment' | 'json-trailing-comma';

export function syntaxFindings(text: string): Finding[] {
  const out: Finding[] = [];
  const push = (code: SyntaxCode, message: string, offset: number, length: number) =>
    out.push({
      code,
      severity: 'error',
      category: 90,
      message,
      path: [],
      offset,
      length: Math.max(0, Math.min(length, text.length - offset)),
    });
  const errors: ParseError[] = [];
  visit(
    text,
    {
      onComment: (offset, length) =>
        push(
          'json-comment',
          'Comments are not allowed in JSON: the service answers "malformed request". Remove the comment.',
          offset,
          length,
        ),
      onError: (error, offset, length) => errors.push({ error, offset, length }),
    },
    { disallowComments: false, allowTrailingComma: false },
  );
  // One mistake, several parser complaints: a place already reported is not reported again (`1,, }` is one
  // stray comma, not a stray comma and a trailing comma at the same column).
  const reported = new Set<number>();
  for (const e of errors) {
    if (reported.has(e.offset)) continue;
    reported.add(e.offset);
    // Looked at in place, never cut out: a text can have as many errors as characters.
    let comma = e.offset - 1;
    while (comma >= 0 && SPACE.test(text[comma])) comma--;
    CLOSING.lastIndex = e.offset;
    if (text.charCodeAt(comma) === 44 && CLOSING.test(text)) {
      if (reported.has(comma)) continue;
      reported.add(comma);
      push(
        'json-trailing-comma',
        'Trailing comma: JSON allows no comma before a closing bracket. Remove it.',
        comma,
        1,
      );
    } else {
      const message = `JSON syntax error: ${readable(printParseErrorCode(e.error))}.`;
      push('json-syntax', message, e.offset, Math.max(1, e.length));
    }
  }
  if (out.length === 0) push('json-syntax', 'The text is not valid JSON.', 0, 1); // e.g. an empty file
  return out;
}

/** The offset of the bracket that opens level `max` + 1 (strings skipped), or -1: one loop, no recursion. */
export function tooDeepAt(text: string, max = MAX_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i);
    else if (c === 123 || c === 91) {
      if (++depth > max) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return -1;
}

export function tooDeepFinding(offset: number): Finding {
  return {
    code: 'too-deep',
    severity: 'error',
    category: 90,
    path: [],
    offset,
    length: 1,
    message:
      `The JSON nests more than ${MAX_DEPTH.toLocaleString('en-US')} levels deep here; the service refuses ` +
      'such a body. Nothing else was checked.',
  };
}

/** Index of the closing quote of the string opening at `i` (or the end of the text). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 34) return j;
  }
  return text.length;
}

const CLOSING = /\s*[}\]]/y;
const SPACE = /\s/; // what trimEnd trims

const readable = (code: string) => code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A JSON parse error in words ("value expected", "comma expected"), as the payload checks say it. */
export const jsonErrorWords = (error: ParseErrorCode): string => readable(printParseErrorCode(error));
