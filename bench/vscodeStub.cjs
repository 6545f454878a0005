// A stand-in for the `vscode` module, enough to load and activate an extension outside VS Code: every
// property is another stub, every call and `new` returns one, iteration is empty, awaiting one resolves.
// Its top level is, like the real API object, a plain object with the API's own names (read from
// @types/vscode: about 194 namespaces, classes, enums, functions and constants), so what a bundler's interop
// does with them (copying each name, once per importing module) costs here what it costs in VS Code.
// Used by the activation benchmark (fresh processes) and by test/unit/bundle.test.ts.
const fs = require('fs');
const path = require('path');
const Module = require('module');

/** The runtime names of the `vscode` module: its top-level value declarations in @types/vscode. */
function apiNames() {
  const types = fs.readFileSync(path.join(__dirname, '..', 'node_modules', '@types', 'vscode', 'index.d.ts'), 'utf8');
  const names = new Set();
  for (const m of types.matchAll(/^\t(?:export )?(?:namespace|class|enum|function|const|let|var) (\w+)/gm))
    names.add(m[1]);
  return [...names];
}

function stub(name) {
  const target = function () {};
  const assigned = new Map();
  return new Proxy(target, {
    set: (_, key, value) => (assigned.set(key, value), true),
    // A bundler's interop copy (`Object.create(Object.getPrototypeOf(module))`) reads through to stubs too.
    getPrototypeOf: () =>
      new Proxy(
        {},
        {
          get: (_, key) =>
            key === 'then' ? undefined : assigned.has(key) ? assigned.get(key) : stub(`${name}.${String(key)}`),
        },
      ),
    get(_, key) {
      if (key === 'then') return undefined; // not a promise
      if (key === Symbol.iterator) return function* () {};
      if (key === Symbol.toPrimitive) return () => name;
      if (assigned.has(key)) return assigned.get(key);
      if (key === 'version') return '1.96.0';
      return stub(`${name}.${String(key)}`);
    },
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}`),
  });
}

/** Makes `require('vscode')` return the stub from now on in this process. */
function installVscodeStub() {
  const vscode = {};
  for (const name of apiNames()) vscode[name] = name === 'version' ? '1.96.0' : stub(name);
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request === 'vscode' ? vscode : load.call(this, request, ...rest);
  };
  return vscode;
}

/** An ExtensionContext with the fields the extension reads. */
function extensionContext(extensionPath) {
  const uri = stub('Uri');
  return {
    subscriptions: [],
    extensionUri: uri,
    extensionPath,
    globalStorageUri: uri,
    logUri: uri,
    globalState: stub('globalState'),
    workspaceState: stub('workspaceState'),
    secrets: stub('secrets'),
    extension: { packageJSON: require(`${extensionPath}/package.json`) },
  };
}

module.exports = { installVscodeStub, extensionContext };
