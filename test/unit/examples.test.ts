import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { TEMPLATES, templateText, validate, kindFromFileName } from '../../src/schemas';

test('examples/ holds one file per order scenario, identical to the templates, each validating clean', () => {
  const files = fs
    .readdirSync('examples')
    .filter(f => f.endsWith('.json')) // examples/scenarios/ has its own test
    .sort();
  assert.deepEqual(files, TEMPLATES.map(t => t.fileName).sort());
  for (const t of TEMPLATES) {
    const text = fs.readFileSync(`examples/${t.fileName}`, 'utf8');
    assert.equal(text, templateText(t), `${t.fileName} matches its template`);
    assert.deepEqual(validate(text, kindFromFileName(t.fileName)!), [], t.fileName);
  }
});
