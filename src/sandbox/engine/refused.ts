// What the order engine refuses, said in the request's terms: the code, the field (in the engine's v2 names,
// `subscriptions[0].add_subscription_plans[0]...`) and what to do, with the vendor's error category. The engine
// knows no HTTP: each family answers it in its own shape (http/errors.ts serviceErrorOf; v1/errors.ts asV1).
export class OrderRefused extends Error {
  constructor(
    readonly code: string,
    readonly parameter: string | undefined,
    message: string,
    /** 20: an invalid value, 22: a missing one, 30: a state that does not allow it. */
    readonly category = 20,
  ) {
    super(message);
  }
}

export const refused = (code: string, parameter: string | undefined, message: string, category = 20) =>
  new OrderRefused(code, parameter, message, category);
