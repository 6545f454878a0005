// An amount as the service answers it, and the one rounding to cents that both the sandbox (computing
// metrics) and the preview summary (adding them up) use.
export interface Money {
  gross_amount: number;
  net_amount: number;
  currency: string;
}

/** Rounds to cents; the epsilon keeps 1.005 from landing on 1.00 through binary representation. */
export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
