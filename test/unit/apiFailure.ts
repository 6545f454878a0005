// The ApiError a call fails with; a call that succeeds fails the test.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../src/client';

export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ApiError, String(e));
    return e;
  }
  assert.fail('expected the call to fail');
}
