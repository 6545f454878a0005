export interface Io {
  out(line: string): void;
  err(line: string): void;
}
export const stdio: Io = { out: l => process.stdout.write(l + '\n'), err: l => process.stderr.write(l + '\n') };

/** Wrong words on the command line: exit 2 with the usage. */
export class UsageError extends Error {}
