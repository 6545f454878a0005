// The headless Chromium the test host opens the workbench in: its own profile and home under the run folder,
// and kept off the network (only loopback names resolve).
import { chromium } from 'playwright-core';
import path from 'node:path';

/** A persistent browser context on `chromeDir`, with HOME and the XDG folders under `chromeHome`. */
export function launchWorkbenchBrowser({ chromeDir, chromeHome, executablePath }) {
  return chromium.launchPersistentContext(chromeDir, {
    executablePath,
    headless: true,
    viewport: { width: 1400, height: 900 },
    env: {
      ...process.env,
      HOME: chromeHome,
      XDG_CONFIG_HOME: path.join(chromeHome, '.config'),
      XDG_CACHE_HOME: path.join(chromeHome, '.cache'),
    },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // keep Chromium itself off the network: only loopback names resolve
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      '--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,Translate',
      '--disable-client-side-phishing-detection',
      '--disable-default-apps',
      '--disable-domain-reliability',
      '--no-pings',
    ],
  });
}
