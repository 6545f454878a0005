// A payload's text read once for everything an action needs: the findings the editor shows and the value
// that is sent. The diagnostics keep the result per document version, so a Preview does not read it again.
import { validate, type Finding, type PayloadKind, type ValidateOptions } from '../schemas';
import { requestFindings, type RequestFindingsOptions } from './requests';

export interface ParsedPayload {
  /** The parsed JSON; undefined when the text is not JSON (JSON itself has no undefined). */
  value: unknown;
  findings: Finding[];
}

export function parsePayload(text: string, kind: PayloadKind, options: ValidateOptions = {}): ParsedPayload {
  if (text.trim() === '') return { value: undefined, findings: [] }; // a blank new file is not a mistake yet
  return { value: jsonValue(text), findings: validate(text, kind, options) };
}

/** A *.request.json file: the same, with the request's findings (operation, body, versioned fields). */
export function parseRequest(text: string, options: RequestFindingsOptions = {}): ParsedPayload {
  if (text.trim() === '') return { value: undefined, findings: [] };
  return { value: jsonValue(text), findings: requestFindings(text, options) };
}

function jsonValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
