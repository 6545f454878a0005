// Which names hold secrets: generic rules (headers, query parameters, any API's JSON) and the sensitive fields
// of the service's own v1 and v2 schemas, generated from its references (scripts/gen-sensitive-fields.mjs).
import generated from './sensitiveFields.json';

/** Secret key names, matched whole and without case; `_` also matches `-` or nothing (clientSecret). */
const SECRET_EXACT = [
  'authorization',
  'proxy_authorization',
  'cookie',
  'set_cookie',
  'token',
  'id_token',
  'jwt',
  'pin',
  'passwd',
  'pwd',
  'credentials',
];
/**
 * Any name ending in one of these is a secret too (creditCardSecurityCode, x_api_key, client_secret, card_cvv,
 * googlePaymentToken, X-Amz-Security-Token and X-Amz-Signature of a presigned download URL, ...).
 */
const SECRET_SUFFIXES = [
  'secret',
  'password',
  'passphrase',
  'passcode',
  'cvv',
  'cvv2',
  'cvc',
  'cvv_code',
  'api_key',
  'private_key',
  'security_code',
  'card_number',
  'access_token',
  'refresh_token',
  'session_token',
  'auth_token',
  'bearer_token',
  'secret_key',
  'access_key',
  'security_token',
  'payment_token',
  'pay_token',
  'signature',
  // The families of the service's own secret fields, under any prefix (payerIban, nationalIdentityNumber).
  'iban',
  'bank_account_number',
  'identity_number',
  'preapproval_key',
];

/** A name as the lists compare it: `bankAccountNumber`, `bank_account_number` and `BANK-ACCOUNT-NUMBER` alike. */
const normal = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
/** The fields of the service's schemas whose values are secret (IBAN, identityNumber, preapprovalKey, ...). */
const SCHEMA_FIELDS = new Set(Object.keys(generated.fields).map(normal));
/** `paypalPreapprovalKey` as words (`paypal_preapproval_key`), for the pattern that finds names in text. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const flexible = (name: string) => name.replace(/_/g, '[_-]?');
const exact = [...new Set([...SECRET_EXACT, ...Object.keys(generated.fields).map(words)])];
/** A secret name in text (`name=value`, `"name": value`): a regular expression's source, without anchors. */
export const SECRET_NAME =
  `(?:[A-Za-z][\\w-]*?)?(?:${SECRET_SUFFIXES.map(flexible).join('|')})` + `|(?:${exact.map(flexible).join('|')})`;
const SECRET_NAME_RE = new RegExp(`^(?:${SECRET_NAME})$`, 'i');

/**
 * Answers repeat the same few hundred keys: each is judged once. Bounded, as keys may come from anywhere (a
 * map keyed by ids): past the bound, names are judged again each time rather than kept.
 */
const judged = new Map<string, boolean>();
const JUDGED_MAX = 5_000; // names of up to 64 characters only: a key may be as long as a body

export function isSecretName(name: string): boolean {
  let secret = judged.get(name);
  if (secret === undefined) {
    secret = SCHEMA_FIELDS.has(normal(name)) || SECRET_NAME_RE.test(name);
    if (judged.size < JUDGED_MAX && name.length <= 64) judged.set(name, secret);
  }
  return secret;
}

/** Names secret only inside certain fields' objects: a bank debit's `account_number`, not the account's own. */
const WITHIN = new Map<string, Set<string>>(
  Object.entries(generated.within as Record<string, string[]>).map(([name, holders]) => [
    normal(name),
    new Set(holders.map(normal)),
  ]),
);

/** The holders that make `name` secret (WITHIN), judged once per name as isSecretName judges names. */
const holdersJudged = new Map<string, Set<string> | null>();
function holdersOf(name: string): Set<string> | null {
  let holders = holdersJudged.get(name);
  if (holders === undefined) {
    holders = WITHIN.get(normal(name)) ?? null;
    if (holdersJudged.size < JUDGED_MAX && name.length <= 64) holdersJudged.set(name, holders);
  }
  return holders;
}

/** Whether the field `name` of the object held by the field `holder` is secret. */
export const isSecretField = (name: string, holder: string | undefined): boolean =>
  isSecretName(name) || (holder !== undefined && !!holdersOf(name)?.has(normal(holder)));
