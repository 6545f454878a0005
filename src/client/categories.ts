// Spec 01's error categories: the last two digits of a v1 eight-digit code.
export interface CategoryInfo {
  name: string;
  action: string;
  retryable: boolean;
}

export const CATEGORIES: Record<number, CategoryInfo> = {
  10: {
    name: 'Permission or access denied',
    action: 'Check the permission named in the message and ask an administrator to enable it.',
    retryable: false,
  },
  11: {
    name: 'Authentication failed',
    action: 'Use a valid client id and secret.', // each surface says where (src/client/advice.ts)
    retryable: false,
  },
  20: { name: 'Invalid format or value', action: 'Correct the field named in the message.', retryable: false },
  21: { name: 'Unknown field in request', action: 'Remove the field.', retryable: false },
  22: { name: 'Missing required field', action: 'Add the field.', retryable: false },
  23: { name: 'Missing required parameter', action: 'Add the query parameter.', retryable: false },
  30: { name: 'Rule restriction', action: 'Meet the business rule in the message.', retryable: false },
  40: { name: 'Not found', action: 'Check the resource: it does not exist.', retryable: false },
  45: { name: 'Unsupported request', action: 'Fix the endpoint or the HTTP method.', retryable: false },
  50: {
    name: 'Locking contention',
    action: 'Resubmit; if it persists, contact support with the Service-Request-Id.',
    retryable: true,
  },
  60: { name: 'Internal error', action: 'Contact support with the Service-Request-Id.', retryable: false },
  61: {
    name: 'Temporary error',
    action: 'Resubmit; if it persists, contact support with the Service-Request-Id.',
    retryable: true,
  },
  70: { name: 'Request exceeded limit', action: 'Resubmit after the Retry-After seconds.', retryable: true },
  90: { name: 'Malformed request', action: 'Send valid JSON.', retryable: false },
  99: { name: 'Integration error', action: 'Act on the message (payment gateway or tax engine).', retryable: false },
};

export interface DecodedCode {
  code: number;
  /** False when the code is not a v1 eight-digit code (resource 500000-679999, or a code beginning with 9). */
  valid: boolean;
  resourceCode?: number;
  category?: number;
  categoryName: string;
  /** The spec's advice for a known category; none for an unknown one (we do not invent advice). */
  action?: string;
}

/** 53100320 -> resource 531003, category 20. Codes of another shape are kept raw and flagged, never guessed at. */
export function decodeCode(code: number): DecodedCode {
  const eightDigits = Number.isInteger(code) && code >= 10_000_000 && code <= 99_999_999;
  const resourceCode = Math.floor(code / 100);
  if (!eightDigits || !((resourceCode >= 500_000 && resourceCode <= 679_999) || resourceCode >= 900_000)) {
    return { code, valid: false, categoryName: `unrecognised code ${code}` };
  }
  const category = code % 100;
  const info = CATEGORIES[category];
  if (!info) return { code, valid: true, resourceCode, category, categoryName: 'Unknown category' };
  return { code, valid: true, resourceCode, category, categoryName: info.name, action: info.action };
}
