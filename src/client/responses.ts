// The response shapes are wire shapes the sandbox shares: they live in src/wire; kept here for the client's importers.
export type * from '../wire/responses';
