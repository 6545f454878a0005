// The range reader the manifest tests compare versions with reads ranges as npm does.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { compareVersions, minVersion, satisfies } from './versions';

test('version ranges: caret stays below the next major (the next minor below 1.0), >= has no ceiling', () => {
  assert.ok(satisfies('1.99.3', '^1.96.0') && !satisfies('1.95.9', '^1.96.0') && !satisfies('2.0.0', '^1.96.0'));
  assert.ok(satisfies('0.3.9', '^0.3.1') && !satisfies('0.4.0', '^0.3.1'));
  assert.ok(satisfies('v22.1.0', '>=20.18.1') && !satisfies('20.18.0', '>=20.18.1'));
  assert.ok(satisfies('20.19.0', '>=20.18.1 ^20.0.0') && !satisfies('22.0.0', '>=20.18.1 ^20.0.0'));
  assert.equal(minVersion('^1.96.0'), '1.96.0');
  assert.ok(compareVersions('1.96.0', '1.100.0') < 0, 'numbers, not strings');
});
