// The CLI prints findings at `file:line:column`: the core's lineColumn (scenarios use it too, and core never
// imports the CLI).
export { lineColumn } from '../schemas/lines';
