// The Local sandbox's catalog control path, shared by the sandbox and the client that copies a connection's
// catalog into it. Not a path of the service: the sandbox answers it only on loopback, with its own token, and
// never to a browser page (no Origin header).
//   PUT    {"plans": [...]}  the plans of GET /v2/plans (product and prices expanded) replace its catalog
//   DELETE                   the seeded catalog again
//   GET                      what it prices from now
export const SANDBOX_CATALOG_PATH = '/.sandbox/catalog';

/** A price the sandbox lists but cannot price (ordering its plan answers 400 with the reason). */
export interface UnpriceablePrice {
  price_id: string;
  plan_id: string;
  reason: string;
}
/** What each of the three answers: the catalog the sandbox now prices from. */
export interface SandboxCatalogAnswer {
  /** False: the seeded catalog. */
  copied: boolean;
  plans: number;
  prices: number;
  unpriceable: UnpriceablePrice[];
}
