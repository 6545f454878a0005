// The baseline of the activation benchmark: an extension that does nothing.
module.exports = { activate() {} };
