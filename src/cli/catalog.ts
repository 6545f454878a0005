// `validate --connection-catalog`: the product catalog to check plan and price ids against, fetched from
// --base-url (credentials from BILLING_CLIENT_ID / BILLING_CLIENT_SECRET, never a flag; a Local sandbox lends its
// demo ones) or from the embedded Local sandbox started in-process.
import { ApiError, BillingClient, checkBaseUrl } from '../client';
import { checkCatalog, fetchProductCatalog, type CatalogFinding, type ProductCatalog } from '../products';
import { startSandbox } from '../sandbox';
import { InputError, type Io } from './io';
import { credentialsAt } from './localSandbox';

export interface ConnectionCatalog {
  /** How messages name where the catalog comes from. */
  connection: string;
  catalog: ProductCatalog;
}

/** The catalog, or undefined after saying on stderr why it could not be fetched. */
export async function fetchConnectionCatalog(
  baseUrl: string | undefined,
  io: Io,
  env: NodeJS.ProcessEnv,
): Promise<ConnectionCatalog | undefined> {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let client: BillingClient;
  let connection: string;
  if (baseUrl) {
    checkBaseUrl(baseUrl, 'cli'); // before the question below: nothing goes to a URL the client refuses
    // A Local sandbox there lends its demo credentials, as to `test`, `preview` and `create`.
    const given = { clientId: env.BILLING_CLIENT_ID, clientSecret: env.BILLING_CLIENT_SECRET };
    const { clientId, clientSecret, demo } = await credentialsAt(baseUrl, given);
    if (demo) io.err(`using the Local sandbox at ${baseUrl} with its demo credentials`);
    if (!clientId || !clientSecret) {
      throw new InputError('--base-url needs BILLING_CLIENT_ID and BILLING_CLIENT_SECRET in the environment');
    }
    client = new BillingClient({ baseUrl, clientId, clientSecret });
    connection = client.baseUrl.replace(/\/$/, '');
  } else {
    sandbox = await startSandbox();
    client = new BillingClient({
      baseUrl: sandbox.url,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
    });
    connection = 'the embedded Local sandbox';
  }
  try {
    const catalog = await fetchProductCatalog(client);
    const prices = catalog.plans.reduce((n, p) => n + p.prices.length, 0);
    io.err(`product catalog of ${connection}: ${catalog.plans.length} plans, ${prices} prices`);
    return { connection, catalog };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    io.err(`error: could not fetch the product catalog of ${connection}: ${e.message}`);
    return undefined;
  } finally {
    await client.close();
    await sandbox?.close();
  }
}

export const catalogFindings = (text: string, c: ConnectionCatalog): CatalogFinding[] =>
  checkCatalog(text, c.catalog, c.connection);
