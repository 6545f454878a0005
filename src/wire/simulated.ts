// An answer the Local sandbox simulated from the contract (it keeps no state for that operation) carries this
// header; the client reads it, and the panel, the History and scenario reports say so in these words.
export const SIMULATED_HEADER = 'x-billing-workbench-simulated';
export const SIMULATED_NOTE = 'simulated from the contract: the Local sandbox keeps no state for this operation';
