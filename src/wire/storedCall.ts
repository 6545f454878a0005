// What the editor's History keeps to send a request again (redacted like the rest: a masked secret is sent masked).
// Defined here, in core, so that a scenario made from the History (scenarios/fromHistory.ts) reads the same type.
export type StoredCall =
  | { kind: 'preview'; file: string; source: string; body: unknown; api?: 'v1' }
  | { kind: 'createOrder'; file: string; body: unknown; api?: 'v1' }
  | { kind: 'createAccount'; file: string; body: unknown }
  | {
      kind: 'operation';
      /** `METHOD /path` of the catalog. */
      operation: string;
      pathParams: Record<string, string>;
      query: Record<string, string>;
      body?: unknown;
    };
