// Path templates as the catalog writes them: `/v1/accounts/{account-key}`. One pattern for the
// `{name}` placeholders, shared by the catalog (which lists them) and the client (which fills them).
export const PATH_PARAM = /\{([^}]+)\}/g;

/** The placeholders of a template, in order: `account-key` for `/v1/accounts/{account-key}`. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(PATH_PARAM)].map(m => m[1]);
}
