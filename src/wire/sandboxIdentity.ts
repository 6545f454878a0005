// The Local sandbox says what it is on every answer, so that a client reaching it by URL (`test --base-url`,
// `clock --base-url`) can treat it as the throw-away local server it is: demo credentials, clock steps, writes
// without a question. Only on loopback: a remote host that sends the header is still a remote host.
export const SANDBOX_IDENTITY_HEADER = 'x-billing-workbench-sandbox';
export const SANDBOX_IDENTITY_VALUE = 'local';
