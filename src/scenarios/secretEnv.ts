// Which environment variables hold secrets, by their names: one rule for the CLI's --dotenv file, the runner,
// `test --help` and the scenario schema's description. Imports nothing, so each of them can say it.

/** Words that make a variable's value secret wherever they are in its name (DB_PASS, SERVICE_CREDENTIAL, APIKEY). */
export const SECRET_ENV_WORDS: readonly string[] = [
  'SECRET',
  'TOKEN',
  'PASSWORD',
  'KEY',
  'PASS',
  'CREDENTIAL',
  'AUTH',
  'PRIVATE',
  'COOKIE',
  'SESSION',
  'SIGNATURE',
];
/**
 * Parts of desktop and tool variables' names that hold such a word and no secret (XDG_SESSION_TYPE=wayland,
 * GIT_AUTHOR_NAME, SSH_AUTH_SOCK): left out before the words are looked for, so AUTHOR_TOKEN is still secret.
 */
const NOT_SECRET_PARTS = /AUTHOR|^(?:XDG|DBUS)_SESSION|^(?:DESKTOP_SESSION|SESSION_MANAGER|SSH_AUTH_SOCK)$/gi;

/** Names whose values are secret whatever the scenario says. */
export const SECRET_ENV_NAME = new RegExp(SECRET_ENV_WORDS.join('|'), 'i');

export const isSecretEnvName = (name: string): boolean => SECRET_ENV_NAME.test(name.replace(NOT_SECRET_PARTS, ''));

/**
 * The shortest value masked wherever it shows when only its name's words make it secret and nobody wrote it as a
 * secret (the real environment, a data column): such names hold short unrelated values too (KEYBOARD=us,
 * passengers=3), and masking those everywhere would scramble reports.
 */
export const SECRET_BY_WORDS_MIN_LENGTH = 8;
