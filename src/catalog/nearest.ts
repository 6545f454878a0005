// What an operation id that is not in the catalog most likely means: the template of a concrete path
// (`GET /v2/invoices/INV00000001` -> `GET /v2/invoices/{invoice_id}`), else the nearest ids by spelling, else the
// same path with another method. Said alike by scenario files and request files.
import { closestIds } from '../products/closest';
import { matchOperation, OPERATIONS, type Operation } from './catalog';

const IDS = () => OPERATIONS.map(o => o.id);

export function nearestOperations(method: string, path: string): string[] {
  const concrete = /^\//.test(path) ? matchOperation(method, path.replace(/[?#].*$/, '')) : undefined;
  if (concrete) return [concrete.id];
  const written = `${method.toUpperCase()} ${path}`;
  const near = closestIds(written, IDS(), 2);
  if (near.length) return near;
  const samePath = OPERATIONS.filter((o: Operation) => o.path === path).map(o => o.id); // another method
  return samePath.slice(0, 2);
}

/** ` Did you mean "A" or "B"?`, or nothing. */
export function didYouMeanOperation(method: string, path: string): string {
  const near = nearestOperations(method, path);
  return near.length ? ` Did you mean ${near.map(id => `"${id}"`).join(' or ')}?` : '';
}
