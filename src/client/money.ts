// Money is a wire rule the sandbox shares: it lives in src/wire; kept here for the client's own importers.
export * from '../wire/money';
