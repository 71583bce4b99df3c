import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  bodySchemaOf,
  makeFixtures,
  satisfyingBody,
  scopesOf,
  servedDocument,
  urlFor,
  requiredQuery,
  type DocumentedOperation,
} from '../support/openapi-exercise.js';
import type { DocumentSchemas } from '../support/openapi-schema.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { STRONG_PASSWORD, UserFactories } from '../support/user-factories.js';

const CONCURRENT = 20;
const POOL_SIZE = 2;

/**
 * A write holds one pooled connection for its transaction; any statement of it sent to the pool
 * instead would wait for a second one, which, with every connection held by such a write, never
 * comes: the request then fails with a 503 after the connection timeout. With a pool of two and
 * twenty writes at once, every one of them must still be answered by the service, not the timeout.
 */
describe(`writes under a pool of ${POOL_SIZE} connections`, () => {
  let t: TestApp;
  let schemas: DocumentSchemas;
  let writes: DocumentedOperation[];

  before(async () => {
    // A wait for a connection long enough for the scrypt hashes some writes make while they hold theirs on a busy
    // machine; a request waiting for a second connection would wait for it whatever its length.
    t = await startTestApp({ DATABASE_POOL_SIZE: String(POOL_SIZE), DATABASE_CONNECT_TIMEOUT_MS: '20000' });
    const served = await servedDocument(t);
    schemas = served.schemas;
    writes = served.operations.filter((op) => op.method !== 'GET');
  });
  after(() => t.close());

  const statusesOf = async (send: () => Promise<{ status: number; text: string }>): Promise<number[]> => {
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, send));
    const failed = answers.filter((res) => res.status >= 500);
    assert.deepEqual(
      failed.map((res) => `${res.status} ${res.text}`),
      [],
    );
    return answers.map((res) => res.status);
  };

  it(`answers ${CONCURRENT} concurrent writes of every documented kind, none with a 5xx`, async (c) => {
    assert.ok(writes.length > 40, `the document lists the write operations (${writes.length})`);
    for (const op of writes) {
      await c.test(`${op.method} ${op.path}`, async () => {
        // One set of fixtures for all twenty: some answer 404 or 409 once another has deleted or made the
        // thing, which is as much a transaction as a success.
        const fx = await makeFixtures(t);
        const schema = bodySchemaOf(op.operation);
        const body = schema ? satisfyingBody(schemas.resolve(schema), (s) => schemas.validValue(s))(fx) : undefined;
        const bearer = await t.bearer((scopesOf(op.operation) ?? []).join(' '));
        const url = urlFor(op, fx);
        const statuses = await statusesOf(async () => {
          const request = t.api[op.method.toLowerCase() as 'post'](url).query(requiredQuery(op.operation, fx)).set('Authorization', bearer);
          return body === undefined ? request : request.send(body as object);
        });
        assert.ok(
          statuses.some((status) => status < 300),
          `at least one succeeded: ${statuses.join(' ')}`,
        );
      });
    }
  });

  // The case first seen: a user's update reads its connection while its transaction holds a connection.
  it(`changes one user's password ${CONCURRENT * 2} times at once, every change answered 200`, async () => {
    const users = new UserFactories(t.prisma);
    const connection = await users.connection();
    const user = await users.user(connection.id);
    const bearer = await t.bearer('update:users');
    const patch = () =>
      t.api
        .patch(`/api/v2/users/${encodeURIComponent(user.user_id)}`)
        .set('Authorization', bearer)
        .send({ password: STRONG_PASSWORD });
    const [first, second] = await Promise.all([statusesOf(patch), statusesOf(patch)]);
    assert.deepEqual([...first, ...second], Array<number>(CONCURRENT * 2).fill(200));
  });
});
