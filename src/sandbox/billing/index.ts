// The billing engine's public face: pure functions from charges to billing documents (see types.ts for the
// input; documents.ts for what it bills), and the pricing of each model for the catalog to map its prices onto.
export { billingDocuments } from './documents';
export { flatFee, perUnit, periodPrice, tiered, volume } from './pricing';
export { exact, fromCents } from '../money/exact';
export { toMinor } from '../money/rounding';
export { PERIOD_MONTHS, periods } from './calendar';
export { MAX_PERIODS, PeriodLimit } from './schedule';
export type * from './types';
