// The seeded catalog: the charge models billing teams use, each priced in USD and EUR. The first three products
// are the ones every example and test names (their ids and amounts never change); the rest add usage, tiered,
// quarterly, volume and the two discounts. The README's "Seeded catalog" table lists the same.
import { Catalog, type Product } from './catalog';

const SEED_PRODUCTS: Product[] = [
  {
    id: 'prod-team',
    name: 'Team workspace',
    plans: [
      {
        id: 'plan-team-monthly',
        number: 'PL-TEAM-MONTHLY',
        name: 'Team, monthly',
        charges: [
          {
            id: 'price-team-seats',
            name: 'Seats',
            type: 'recurring',
            model: 'per_unit',
            billingPeriod: 'month',
            unitOfMeasure: 'seat',
            defaultQuantity: 1,
            prices: { USD: 25, EUR: 23 },
          },
          {
            id: 'price-team-platform',
            name: 'Platform fee',
            type: 'recurring',
            model: 'flat_fee',
            billingPeriod: 'month',
            defaultQuantity: 1,
            prices: { USD: 100, EUR: 92 },
          },
        ],
      },
    ],
  },
  {
    id: 'prod-enterprise',
    name: 'Enterprise',
    plans: [
      {
        id: 'plan-enterprise-yearly',
        number: 'PL-ENTERPRISE-YEARLY',
        name: 'Enterprise, yearly',
        charges: [
          {
            id: 'price-enterprise-annual',
            name: 'Annual licence',
            type: 'recurring',
            model: 'flat_fee',
            billingPeriod: 'year',
            defaultQuantity: 1,
            prices: { USD: 12000, EUR: 11000 },
          },
        ],
      },
    ],
  },
  {
    id: 'prod-services',
    name: 'Services',
    plans: [
      {
        id: 'plan-onboarding',
        number: 'PL-ONBOARDING',
        name: 'Onboarding',
        charges: [
          {
            id: 'price-onboarding-setup',
            name: 'Setup fee',
            type: 'one_time',
            model: 'flat_fee',
            defaultQuantity: 1,
            prices: { USD: 500, EUR: 460 },
          },
        ],
      },
    ],
  },
  {
    id: 'prod-api',
    name: 'API calls',
    plans: [
      {
        id: 'plan-api-usage',
        number: 'PL-API-USAGE',
        name: 'API calls, pay as you go',
        charges: [
          {
            id: 'price-api-calls',
            name: 'API calls',
            type: 'usage',
            model: 'per_unit',
            billingPeriod: 'month',
            unitOfMeasure: 'call',
            defaultQuantity: 0, // nothing is committed: the calls made are billed in arrears
            prices: { USD: 0.002, EUR: 0.0018 },
          },
        ],
      },
      {
        id: 'plan-api-tiered',
        number: 'PL-API-TIERED',
        name: 'API calls, tiered',
        charges: [
          {
            id: 'price-api-calls-tiered',
            name: 'API calls',
            type: 'usage',
            model: 'tiered', // graduated: each tier prices the calls that fall in it
            billingPeriod: 'month',
            unitOfMeasure: 'call',
            defaultQuantity: 0,
            prices: {},
            tiers: [
              { upTo: 1000, unitAmounts: { USD: 0.003, EUR: 0.0027 } },
              { upTo: 10000, unitAmounts: { USD: 0.002, EUR: 0.0018 } },
              { unitAmounts: { USD: 0.001, EUR: 0.0009 } },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'prod-storage',
    name: 'Storage',
    plans: [
      {
        id: 'plan-storage-tiered',
        number: 'PL-STORAGE-TIERED',
        name: 'Storage, tiered monthly',
        charges: [
          {
            id: 'price-storage-tiered',
            name: 'Storage',
            type: 'recurring',
            model: 'tiered',
            billingPeriod: 'month',
            unitOfMeasure: 'GB',
            defaultQuantity: 100,
            prices: {},
            tiers: [
              { upTo: 100, unitAmounts: { USD: 0.5, EUR: 0.46 } },
              { upTo: 1000, unitAmounts: { USD: 0.4, EUR: 0.37 } },
              { unitAmounts: { USD: 0.25, EUR: 0.23 } },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'prod-support',
    name: 'Support',
    plans: [
      {
        id: 'plan-support-quarterly',
        number: 'PL-SUPPORT-QUARTERLY',
        name: 'Premium support, quarterly',
        charges: [
          {
            id: 'price-support-quarterly',
            name: 'Premium support',
            type: 'recurring',
            model: 'flat_fee',
            billingPeriod: 'quarter',
            defaultQuantity: 1,
            prices: { USD: 1500, EUR: 1380 },
          },
        ],
      },
    ],
  },
  {
    id: 'prod-licences',
    name: 'Volume licences',
    plans: [
      {
        id: 'plan-licences-volume',
        number: 'PL-LICENCES-VOLUME',
        name: 'Licences, yearly by volume',
        charges: [
          {
            id: 'price-licences-volume',
            name: 'Licences',
            type: 'recurring',
            model: 'volume',
            billingPeriod: 'year',
            unitOfMeasure: 'licence',
            defaultQuantity: 10,
            prices: {},
            tiers: [
              { upTo: 10, unitAmounts: { USD: 120, EUR: 110 } },
              { upTo: 50, unitAmounts: { USD: 100, EUR: 92 } },
              { unitAmounts: { USD: 80, EUR: 74 } },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'prod-discounts',
    name: 'Discounts',
    plans: [
      {
        id: 'plan-discount-launch',
        number: 'PL-DISCOUNT-LAUNCH',
        name: 'Launch discount, 20% off',
        charges: [
          {
            id: 'price-discount-launch',
            name: 'Launch discount',
            type: 'recurring',
            model: 'discount_percentage',
            billingPeriod: 'month',
            defaultQuantity: 1,
            prices: {},
            discount: { percent: 20, level: 'subscription', appliesTo: ['recurring'] },
          },
        ],
      },
      {
        id: 'plan-discount-loyalty',
        number: 'PL-DISCOUNT-LOYALTY',
        name: 'Loyalty credit, 50.00 off a month',
        charges: [
          {
            id: 'price-discount-loyalty',
            name: 'Loyalty credit',
            type: 'recurring',
            model: 'discount_fixed_amount',
            billingPeriod: 'month',
            defaultQuantity: 1,
            prices: { USD: 50, EUR: 46 },
            discount: { level: 'subscription', appliesTo: ['recurring'] },
          },
        ],
      },
    ],
  },
];

/** The seeded catalog every Local sandbox starts with (and Reset Local Sandbox restores). */
export const SEED_CATALOG = new Catalog(SEED_PRODUCTS);
/** The seeded products (tests work out expected figures from them). */
export const CATALOG: readonly Product[] = SEED_PRODUCTS;
