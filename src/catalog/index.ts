export { OPERATIONS, GROUPS, findOperation, matchOperation, type Operation } from './catalog';
export { searchOperations, type SearchHit } from './search';
