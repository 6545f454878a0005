// One plan of a tenant's GET /v2/plans, with ids of its own (not the seeded catalog's): a catalog copied into a
// Local sandbox by the tests that set or reset its catalog.
export const GOLD = {
  id: 'plan-gold',
  name: 'Gold',
  product: { id: 'prod-gold', name: 'Gold' },
  prices: {
    data: [
      {
        id: 'price-gold-seats',
        charge_type: 'recurring',
        charge_model: 'per_unit',
        recurring: { interval: 'month', interval_count: 1, timing: 'in_advance', usage: false },
        unit_amounts: { USD: 42 },
      },
    ],
  },
};
