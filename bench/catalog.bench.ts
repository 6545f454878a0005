import { OPERATIONS, searchOperations } from '../src/catalog';
import { figure, median } from './measure';

const queries = [
  'write off debit memo',
  'usage upload',
  'describe',
  'cancel subscription',
  'payment method',
  '/v1/invoices',
];
const ms =
  median(
    () => {
      for (const q of queries) searchOperations(q);
    },
    51,
    10,
  ) / queries.length;
figure(`catalog search over ${OPERATIONS.length} operations`, ms, 'ms', '< 2');
