// Shared set-up for the validate-*.test.ts files: validating a payload on a fixed date, the text a finding marks,
// and small valid parts of an order.
import { validate, type Finding, type PayloadKind } from '../../src/schemas';

export const NOW = new Date('2026-11-21T00:00:00Z');
export const check = (body: unknown, kind: PayloadKind = 'order') => {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  return { text, findings: validate(text, kind, { now: NOW }) };
};
export const at = (text: string, f: Finding) => text.slice(f.offset, f.offset + f.length);
export const newSub = () => ({
  initial_term: { type: 'termed', interval: 'month', interval_count: 12 },
  renewal_term: { type: 'evergreen' },
  start_on: { contract_effective: '2027-01-01' },
  subscription_plans: [{ plan_id: 'p' }],
});
export const account = () => ({ name: 'N', currency: 'USD', bill_to: { first_name: 'F', last_name: 'L' } });
