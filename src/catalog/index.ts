export { OPERATIONS, GROUPS, findOperation, matchOperation, rowPath, type Operation } from './catalog';
export { searchOperations, type SearchHit } from './search';
export { V1_OBJECT_NAMES, DESCRIBED_FIELDS } from './objectNames';
export { LOCAL_SANDBOX_ROUTES, localAnswer, routeShape, servedLocally } from './served';
