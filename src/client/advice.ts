// What to do after a failure, in the words of the surface the person uses: the editor names its commands and
// settings, the command line its flags and environment variables, and neither names the other's. The client
// is told its surface (ClientOptions.surface); without one it uses words that fit both.
export type Surface = 'editor' | 'cli';

/** A next step whose words depend on the surface; the editor also offers it as an action (`next` on ApiError). */
export type NextStep = 'credentials' | 'baseUrl' | 'realEnvironment' | 'proxy' | 'timeout' | 'tls' | 'size';

type Words = Record<Surface | 'any', string>;

const ADVICE: Record<NextStep, Words> = {
  credentials: {
    editor: 'Sign in again (Billing: Sign In) with a valid client id and secret.',
    cli: 'Set BILLING_CLIENT_ID and BILLING_CLIENT_SECRET to a valid client id and secret.',
    any: 'Use a valid client id and secret.',
  },
  baseUrl: {
    editor: "Check the connection's base URL (Billing: Switch Connection).",
    cli: 'Check --base-url.',
    any: 'Check the base URL.',
  },
  // Follows the service's "... is not served by the local sandbox."
  realEnvironment: {
    editor: 'Switch to a real environment (Billing: Switch Connection) to call it.',
    cli: 'Use --base-url with a real environment to call it.',
    any: 'Use a real environment to call it.',
  },
  proxy: {
    editor: 'Check your network or proxy (setting http.proxy).',
    cli: 'Check your network or proxy (HTTPS_PROXY, NO_PROXY).',
    any: 'Check your network or proxy.',
  },
  timeout: {
    editor: 'Try again, or allow more time (setting billingWorkbench.requestTimeoutSeconds).',
    cli: 'Try again.',
    any: 'Try again.',
  },
  size: {
    editor: 'If so large an answer is expected, raise the setting billingWorkbench.maxResponseMB.',
    cli: 'If so large an answer is expected, raise the limit with --max-response-mb.',
    any: 'If so large an answer is expected, raise the client option maxResponseBytes.',
  },
  tls: {
    editor: 'Check the certificate, or the setting http.proxyStrictSSL behind an intercepting proxy.',
    cli: 'Check the certificate (NODE_EXTRA_CA_CERTS for a private certificate authority).',
    any: 'Check the certificate.',
  },
};

export function advise(next: NextStep, surface: Surface | undefined): string {
  return ADVICE[next][surface ?? 'any'];
}

/** Where the base URL is set, as the surface calls it. */
export function baseUrlPlace(surface: Surface | undefined): string {
  return surface === 'editor' ? "the connection's base URL" : surface === 'cli' ? '--base-url' : 'the base URL';
}

/** Every text of a surface (the unit test checks none names the other surface's commands or variables). */
export const allAdvice = (surface: Surface): string[] => Object.values(ADVICE).map(w => w[surface]);
