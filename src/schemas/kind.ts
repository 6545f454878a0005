import type { PayloadKind } from './shapes';

/** The payload kind a file name implies: `*.order.json`, `*.preview.json`, `*.account.json`. */
export function kindFromFileName(name: string): PayloadKind | undefined {
  const m = /\.(order|preview|account)\.json$/i.exec(name);
  return m ? (m[1].toLowerCase() as PayloadKind) : undefined;
}
