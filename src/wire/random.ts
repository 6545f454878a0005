// Random ids and nonces from the Web Crypto API, a global in Node and in VS Code's runtime: it loads on first
// use, where importing the `crypto` module loads it with the code that imports it (some 6 ms of a fresh
// process's activation, for ids nobody needs until the first request).

/** A random UUID (v4). */
export const randomId = (): string => globalThis.crypto.randomUUID();

/** `bytes` random bytes, base64: a CSP nonce. */
export const randomNonce = (bytes = 16): string =>
  Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes))).toString('base64');
