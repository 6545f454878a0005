// What makes a field or a value secret (the names generated from the references, the value patterns): one lazy
// bundle (secret-rules.js), loaded with the first text or value redacted, not at activation.
export { isSecretField, isSecretName, SECRET_NAME } from './secretNames';
export { IBAN_SHAPE, maskCard, maskDottedCard, maskIban } from './secretValues';
