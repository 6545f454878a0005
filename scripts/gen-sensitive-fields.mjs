#!/usr/bin/env node
// Dev-time: regenerates src/client/sensitiveFields.json, the names of the fields of the service's own v1 and v2
// schemas whose values are secret (card numbers, security codes, bank accounts, IBAN, identity numbers,
// passwords, keys, tokens), from the references (../shared/reference/*.yaml). The redaction (src/client/redact.ts)
// masks these fields wherever they appear; it never reads the references. Without them, nothing is changed.
//   node scripts/gen-sensitive-fields.mjs [REFERENCE_DIR]   (default ../shared/reference)
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const refDir = path.resolve(process.argv[2] ?? '../shared/reference');
const FILES = ['v1-openapi.yaml', 'quickstart-v2-openapi.yaml'];
const out = path.resolve('src/client/sensitiveFields.json');
if (!FILES.every(f => fs.existsSync(path.join(refDir, f)))) {
  console.log(`no references in ${refDir}: ${path.relative('.', out)} kept as it is`);
  process.exit(0);
}

/**
 * What a name says of its value, read on the name in lower case without `_` and `-`: each rule with what it
 * protects. A name must END with the word: `cardSecurityCode` is one, `CVVResponseCode` is not.
 */
const RULES = [
  [/cardnumber$/, 'card number'],
  [/(securitycode|cvv|cvv2|cvc)$/, 'security code'],
  [/(bankaccountnumber|iban)$/, 'bank account'],
  [/identitynumber$/, 'identity number'],
  [/(password|passwd|passphrase|passcode)$/, 'password'],
  [/(preapproval|hmac|api|secret|encryption|private|signing|access)key$/, 'key'],
  [/(token|tokenid)$/, 'token'],
  [/secret$/, 'secret'],
  [/signature$/, 'signature'],
];
/**
 * Names a rule would take that hold nothing secret, and are shown everywhere: a number already masked by the
 * service (`creditCardMaskNumber`), a plan's or an account's own identifier (`uniqueToken`), a card's issuer
 * range (`bankIdentificationNumber`). The billing account's `accountNumber` is no rule's to begin with.
 */
const NOT_SECRET = [/mask/, /^unique/, /bankidentification/];

const normal = name => name.toLowerCase().replace(/[_-]/g, '');
/** Only values: an object or a list is masked through its own fields (`tokens.gatewayType` stays readable). */
const isScalar = s => !s || !['object', 'array'].includes(s.type) || s.format === 'password';

/**
 * A name that is ordinary elsewhere and secret in one place: `account_number` is the billing account's number
 * (shown everywhere) but, inside `betalings_debit`, the customer's bank account. Told by its description.
 */
const SECRET_BY_DESCRIPTION = /\bbank account number\b|\bIBAN\b/i;

const found = new Map(); // name -> why
const within = new Map(); // name -> holders (the names of the fields whose objects hold it) or `#Component`
const refHolders = new Map(); // component -> names of the fields that hold it (or `#Other` for a nested one)
const addTo = (map, key, value) => map.set(key, (map.get(key) ?? new Set()).add(value));

/** Each node with the name of the field holding it (`holder`), or `#Component` at a component's top. */
function visit(node, holder) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(n => visit(n, holder));
  if (typeof node.$ref === 'string' && holder) addTo(refHolders, node.$ref.split('/').pop(), holder);
  if (node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties)) {
    for (const [name, schema] of Object.entries(node.properties)) {
      const n = normal(name);
      const why =
        schema?.format === 'password' ? 'format: password' : (RULES.find(([re]) => re.test(n))?.[1] ?? undefined);
      if (NOT_SECRET.some(re => re.test(n)) || !isScalar(schema)) continue;
      if (why) found.set(name, why);
      else if (holder && SECRET_BY_DESCRIPTION.test(schema?.description ?? '')) addTo(within, name, holder);
    }
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' && v && typeof v === 'object') for (const [name, p] of Object.entries(v)) visit(p, name);
    else if (k === 'items' || k === 'allOf' || k === 'oneOf' || k === 'anyOf') visit(v, holder);
    else if (k !== 'properties') visit(v, undefined);
  }
}
for (const f of FILES) {
  const doc = yaml.load(fs.readFileSync(path.join(refDir, f), 'utf8'));
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) visit(schema, `#${name}`);
  visit(doc.paths, undefined);
}

/** The field names a holder stands for: itself, or the fields that hold its component (two levels at most). */
function holderNames(holder, depth = 0) {
  if (!holder.startsWith('#')) return [holder];
  if (depth > 2) return [];
  return [...(refHolders.get(holder.slice(1)) ?? [])].flatMap(h => holderNames(h, depth + 1));
}
const inside = Object.fromEntries(
  [...within]
    .filter(([name]) => !found.has(name))
    .map(([name, holders]) => [name, [...new Set([...holders].flatMap(h => holderNames(h)))].sort()])
    .filter(([, holders]) => holders.length)
    .sort(([a], [b]) => a.localeCompare(b, 'en')),
);

const fields = Object.fromEntries([...found].sort(([a], [b]) => a.localeCompare(b, 'en')));
const data = {
  $comment: 'Generated by scripts/gen-sensitive-fields.mjs from the v1 and v2 references: do not edit.',
  fields,
  /** Secret only inside these fields' objects (a bank debit's `account_number`). */
  within: inside,
};
fs.writeFileSync(out, JSON.stringify(data, null, 2) + '\n');
const n = Object.keys(fields).length;
console.log(
  `${n} sensitive field names, ${Object.keys(inside).length} more within others -> ${path.relative('.', out)}`,
);
