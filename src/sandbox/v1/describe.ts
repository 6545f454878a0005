// GET /v1/describe/{object}: an object's fields, as XML (the contract's only content type for it, text/xml, as
// the service answers it): <object><name/><label/><fields><field>...</field></fields></object>. Field lists
// are kept for the objects the tree reads (catalog/objectNames); the others describe no field, and say so.
import { DESCRIBED_FIELDS, V1_OBJECT_NAMES } from '../../catalog/objectNames';
import { notFound } from '../http/errors';
import type { Reply } from '../http/router';

export const XML_TYPE = 'text/xml; charset=utf-8';

export function describeAnswer(name: string): Reply {
  if (!V1_OBJECT_NAMES.includes(name)) {
    throw notFound(
      undefined,
      `"${name}" is not an object API name; see the describe list (Account, Order, Subscription, ...).`,
    );
  }
  const listed = DESCRIBED_FIELDS[name];
  const fields = (listed ?? []).map(
    f =>
      `    <field>\n      <name>${f}</name>\n      <label>${label(f)}</label>\n      <type>${typeOf(f)}</type>\n` +
      '      <contexts>\n        <context>export</context>\n      </contexts>\n    </field>\n',
  );
  const note = listed ? '' : '  <!-- Field lists of this object are not available in the local sandbox. -->\n';
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<object>\n  <name>${name}</name>\n  <label>${label(name)}</label>\n${note}` +
    `  <fields>\n${fields.join('')}  </fields>\n  <related-objects/>\n</object>\n`;
  return { status: 200, body: xml, headers: { 'Content-Type': XML_TYPE } };
}

/** `CreatedDate` -> `Created Date`. Names are the catalog's own (letters only): nothing to escape. */
const label = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2');

/** The reference's field types: a timestamp for when a record changed, a date for the other dates. */
const typeOf = (field: string) =>
  /^(Created|Updated)Date$/.test(field)
    ? 'datetime'
    : field.endsWith('Date')
      ? 'date'
      : /^(BillCycleDay|Version|InitialTerm|RenewalTerm)$/.test(field)
        ? 'integer'
        : 'text';
