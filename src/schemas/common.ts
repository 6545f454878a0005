// Building blocks shared by every v2 request shape.
import * as z from 'zod';
import { CURRENCIES } from './currencies';
import { isRealDate } from './dates';

export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD')
  .refine(isRealDate, 'not a real calendar date')
  .meta({ description: 'Date, YYYY-MM-DD.', examples: ['2026-01-01'] });

export const text = (description: string) => z.string().meta({ description });
export const num = (description: string) => z.number().meta({ description });
export const int = (description: string) => z.int().meta({ description });
export const flag = (description: string) => z.boolean().meta({ description });
export const dateOf = (description: string) => date.meta({ description: `${description} YYYY-MM-DD.` });
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.enum(values).meta({ description });

export const currency = z.enum(CURRENCIES).meta({ description: 'Currency code (ISO 4217), such as USD.' });

/** Custom fields are open: the tenant defines their names and values. */
export const customFields = z
  .record(z.string(), z.unknown())
  .meta({ description: 'Custom fields of the tenant, by API name (for example `field__c`).' });

export const SALE_OR_RETURN = ['sale', 'return'] as const;
