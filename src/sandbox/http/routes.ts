// What the Local sandbox answers: the token endpoint, the v2 quickstart (v2/), the v1 orders (v1/), the object
// query reads the tree needs (query/), describe and the volume summary. Operations of the catalog missing here
// answer 501 (see server.ts), unknown paths 404. src/catalog/served.ts lists the same routes.
import { randomUUID } from 'crypto';
import type * as http from 'http';
import { queryRoutes } from '../query/routes';
import { catalogResponse, productRatePlansResponse } from '../v1/catalogView';
import { describeAnswer } from '../v1/describe';
import { notFoundIn } from '../v1/errors';
import { notificationRoutes } from '../v1/notificationRoutes';
import { calloutTemplateRoutes } from '../v1/calloutTemplateRoutes';
import { v1Routes } from '../v1/routes';
import { v2Routes } from '../v2/routes';
import { readBody } from './body';
import { badRequest, unauthorized } from './errors';
import type { RouteDeps } from './routeDeps';
import { ok, type Reply, type Route } from './router';

export type { RouteDeps };
export const DEMO_CLIENT_ID = 'sandbox-demo-client';
export const DEMO_CLIENT_SECRET = 'sandbox-demo-secret';
const TOKEN_SCOPE = 'entity.local platform.write service.sandbox.read service.sandbox.write tenant.local user.demo';

export function sandboxRoutes(deps: RouteDeps): Route[] {
  return [
    { method: 'POST', path: '/oauth/token', public: true, handle: call => token(deps, call.req) },
    ...v2Routes(deps),
    ...v1Routes(deps),
    ...queryRoutes(deps.store),
    ...notificationRoutes(deps), // notification definitions, the callout history, resend
    ...calloutTemplateRoutes(deps), // callout templates a definition names
    { method: 'GET', path: '/v1/catalog/products', handle: call => ok(catalogResponse(origin(call.req))) },
    {
      method: 'GET',
      path: '/v1/rateplan/{productKey}/productRatePlan',
      handle: call => {
        const plans = productRatePlansResponse(call.params.productKey);
        if (!plans) throw notFoundIn('unknown', `Product ${call.params.productKey} does not exist.`);
        return ok(plans);
      },
    },
    { method: 'GET', path: '/v1/describe/{objectName}', handle: call => describeAnswer(call.params.objectName) },
    {
      method: 'GET',
      path: '/system-health/api-requests/volume-summary',
      handle: () => volumeSummary(deps.volume),
    },
  ];
}

/** Where the caller reached this sandbox (it listens on loopback, over HTTP), for the links in answers. */
const origin = (req: http.IncomingMessage) => `http://${req.headers.host ?? 'localhost'}`;

async function token(deps: RouteDeps, req: http.IncomingMessage): Promise<Reply> {
  const form = new URLSearchParams(await readBody(req));
  if (form.get('grant_type') !== 'client_credentials') {
    const json = /json/i.test(req.headers['content-type'] ?? '');
    const message = json
      ? 'The token request is form-encoded, not JSON: send grant_type=client_credentials&client_id=…&client_secret=… ' +
        'with Content-Type: application/x-www-form-urlencoded.'
      : 'grant_type must be client_credentials.';
    throw badRequest('invalid_parameter', 'grant_type', message, 20);
  }
  if (form.get('client_id') !== DEMO_CLIENT_ID || form.get('client_secret') !== DEMO_CLIENT_SECRET) {
    throw unauthorized('Invalid client credentials.');
  }
  return ok({
    access_token: deps.issueToken(),
    token_type: 'bearer',
    expires_in: deps.tokenTtlSeconds,
    jti: randomUUID(),
    scope: TOKEN_SCOPE,
  });
}

/** Requests counted by method and path, in the fields of the contract's ApiVolumeSummaryRecord. */
function volumeSummary(volume: ReadonlyMap<string, number>): Reply {
  const data = [...volume].map(([key, total]) => {
    const [httpMethod, api] = key.split(/ (.*)/s);
    return { api, httpMethod, total };
  });
  return ok({ data });
}
