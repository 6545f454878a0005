// The service's contract, generated from its published v1 OpenAPI description (scripts/gen-contract.mjs):
// request-body schemas (checked in request files, turned into templates) and response schemas (the Local
// sandbox's simulated answers). Each data file is a bundle of its own, loaded on first use.
export type { SchemaNode, SchemaType, RequestData, ResponseData } from './schemaNode';
export { Shapes, listsFields, type Shape } from './shapes';
export { checkValue } from './checkValue';
export { placeholderFor } from './placeholder';
export { RequestContract, requestContract } from './requestContract';
export {
  simulateAnswer,
  SIMULATED_HEADER,
  SIMULATED_NOTE,
  type SimulatedAnswer,
  type SimulationRequest,
} from './simulate';
export { answerDepartures, hasResponseContract, MAX_DEPARTURES, type Departure } from './answerCheck';
