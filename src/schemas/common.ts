// Building blocks shared by every v2 request shape.
import * as z from 'zod';
import { CURRENCIES } from './currencies';
import { isRealDate } from './dates';

export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD')
  .refine(isRealDate, 'not a real calendar date')
  .register(z.globalRegistry, { description: 'Date, YYYY-MM-DD.', examples: ['2026-01-01'] });

// Descriptions are registered on the schema just made (`.register(z.globalRegistry, ...)`), never through
// `.meta()`, which clones it first: those clones of a few hundred fields were most of what loading the
// validator cost (the CLI's start-up). `.meta()` stays only where a shared schema gets a field's own words.
const described = <T extends z.ZodType>(schema: T, description: string): T => {
  z.globalRegistry.add(schema, { description });
  return schema;
};
export const text = (description: string) => described(z.string(), description);
export const num = (description: string) => described(z.number(), description);
export const int = (description: string) => described(z.int(), description);
export const flag = (description: string) => described(z.boolean(), description);
export const dateOf = (description: string) => date.meta({ description: `${description} YYYY-MM-DD.` });
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  described(z.enum(values), description);

export const currency = z
  .enum(CURRENCIES)
  .register(z.globalRegistry, { description: 'Currency code (ISO 4217), such as USD.' });

/** Custom fields are open: the tenant defines their names and values. */
export const customFields = z
  .record(z.string(), z.unknown())
  .register(z.globalRegistry, { description: 'Custom fields of the tenant, by API name (for example `field__c`).' });

/** Memoized: `build` runs on the first call (a part of a shape built when first read, behind a getter). */
export const once = <T>(build: () => T) => {
  let built: T | undefined;
  return () => (built ??= build());
};

/**
 * A field's schema built when a payload first has the field: zod's lazy schema, with whether the field may be left
 * out (`optin`/`optout`) stated up front. Zod and the fast checker ask that of every field of an object they check;
 * a plain lazy schema would build its inner one to answer. The inner schema is checked to say the same when built.
 */
export const deferred = <T extends z.ZodType>(build: () => T, optional: 'optional' | undefined = undefined) => {
  const schema = z.lazy(() => {
    const inner = build();
    if (inner._zod.optin !== optional || inner._zod.optout !== optional)
      throw new Error(`a deferred schema said optin ${optional}, built ${inner._zod.optin}`);
    return inner;
  });
  for (const key of ['optin', 'optout'])
    Object.defineProperty(schema._zod, key, { value: optional, writable: true, configurable: true, enumerable: true });
  return schema;
};

/** An optional part of a shape built when a payload first has it: `deferred`, of the part made optional. */
export const deferredOptional = <T extends z.ZodType>(build: () => T) => deferred(() => build().optional(), 'optional');

export const SALE_OR_RETURN = ['sale', 'return'] as const;
