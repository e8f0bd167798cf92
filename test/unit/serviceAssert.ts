/** Assertions shared by the service tests. */
import * as assert from 'node:assert/strict';
import { ServiceError } from '../../src/core/service/errors';

/** For `assert.rejects`: a ServiceError of `kind`, its message matching `pattern` when given. */
export function isKind(kind: string, pattern?: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof ServiceError, `a ServiceError, got ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    if (pattern) assert.match(error.message, pattern);
    return true;
  };
}
