import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { AuthApiError } from 'auth0/legacy';
import { PasswordResetTicketsRepository } from '../../src/authentication/password-reset-tickets.repository.js';
import { SignInKit, type SignInClient } from '../support/sign-in.js';
import { SmtpReceiver } from '../support/smtp-receiver.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { STRONG_PASSWORD } from '../support/user-factories.js';

const RESET_REQUESTED = "We've just sent you an email to reset your password.";

describe('/dbconnections: sign-up and change password requests, through the official SDK', () => {
  let t: TestApp;
  let kit: SignInKit;
  let smtp: SmtpReceiver;
  let client: SignInClient;

  const rejectsWith = async (call: Promise<unknown>, code: string, description: string) =>
    assert.rejects(call, (error: AuthApiError) => {
      assert.ok(error instanceof AuthApiError, String(error));
      assert.deepEqual([error.statusCode, error.error, error.error_description], [400, code, description]);
      return true;
    });

  before(async () => {
    smtp = await SmtpReceiver.start();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Tenant <no-reply@tenant.test>' });
    kit = await SignInKit.start(t, { passwordPolicy: 'good' });
    client = await kit.client();
  });
  after(async () => {
    await t.close();
    await smtp.stop();
  });

  it('database.signUp makes a user who then signs in; Auth0’s answer, and an ss entry', async () => {
    const email = `New.User-${Date.now()}@Example.com`;
    const { data } = await kit.auth(client).database.signUp({
      email,
      password: STRONG_PASSWORD,
      connection: kit.connection.name,
      given_name: 'New',
      family_name: 'User',
      user_metadata: { plan: 'free' },
    });
    const { _id, ...rest } = data as unknown as Record<string, unknown>;
    assert.match(_id as string, /^[0-9a-f]{24}$/);
    assert.deepEqual(rest, {
      id: _id,
      email: email.toLowerCase(),
      email_verified: false,
      given_name: 'New',
      family_name: 'User',
      user_metadata: { plan: 'free' },
    });
    const row = await t.prisma.user.findUniqueOrThrow({ where: { user_id: `auth0|${String(_id)}` } });
    assert.deepEqual([row.connection_id, row.user_metadata], [kit.connection.id, { plan: 'free' }]);
    const signIn = await kit.auth(client).oauth.passwordGrant({ username: email, password: STRONG_PASSWORD, realm: kit.connection.name });
    assert.ok(signIn.data.access_token);
    const entry = await kit.logEntry('ss', (e) => e.user_id === `auth0|${String(_id)}`);
    assert.equal(entry.client_id, client.client_id);
    assert.equal(JSON.stringify(entry).includes(STRONG_PASSWORD), false, 'the password is never logged');
  });

  it('refuses an existing user ("Invalid sign up"), a weak password (the policy), a connection not enabled for the client; fs entries', async () => {
    const user = await kit.user();
    const auth = kit.auth(client);
    await rejectsWith(
      auth.database.signUp({ email: user.email, password: STRONG_PASSWORD, connection: kit.connection.name }),
      'invalid_signup',
      'Invalid sign up',
    );
    await kit.logEntry('fs', (e) => e.description === 'Invalid sign up' && e.client_id === client.client_id);
    const weak = await t.api
      .post('/dbconnections/signup')
      .send({ client_id: client.client_id, email: 'weak@example.com', password: 'password', connection: kit.connection.name });
    assert.equal(weak.status, 400);
    assert.deepEqual(weak.body, {
      name: 'PasswordStrengthError',
      message: 'Password is too weak',
      code: 'invalid_password',
      description: {
        rules: [
          { message: 'At least %d characters in length', format: [8], code: 'lengthAtLeast', verified: true },
          {
            message: 'Contain at least %d of the following %d types of characters:',
            code: 'containsAtLeast',
            format: [3, 4],
            items: [
              { message: 'lower case letters (a-z)', code: 'lowerCase', verified: true },
              { message: 'upper case letters (A-Z)', code: 'upperCase', verified: false },
              { message: 'numbers (i.e. 0-9)', code: 'numbers', verified: false },
              { message: 'special characters (e.g. !@#$%^&*)', code: 'specialCharacters', verified: false },
            ],
            verified: false,
          },
        ],
        verified: false,
      },
      policy:
        '* At least 8 characters in length\n* Contain at least 3 of the following 4 types of characters:\n * lower case letters (a-z)\n * upper case letters (A-Z)\n * numbers (i.e. 0-9)\n * special characters (e.g. !@#$%^&*)',
      statusCode: 400,
    });
    assert.equal(await t.prisma.user.count({ where: { email: 'weak@example.com' } }), 0);
    const other = await kit.client({}, { enabled: false });
    await rejectsWith(
      kit.auth(other).database.signUp({ email: 'x@example.com', password: STRONG_PASSWORD, connection: kit.connection.name }),
      'unauthorized',
      'Connection is not enabled for this client.',
    );
    await rejectsWith(
      auth.database.signUp({ email: 'x@example.com', password: STRONG_PASSWORD, connection: 'no-such-db' }),
      'invalid_connection',
      'Connection not found: no-such-db',
    );
    await t.prisma.connection.update({
      where: { id: kit.connection.id },
      data: { options: { passwordPolicy: 'good', disable_signup: true } },
    });
    await rejectsWith(
      auth.database.signUp({ email: 'x@example.com', password: STRONG_PASSWORD, connection: kit.connection.name }),
      'operation_not_allowed',
      'Signups are not allowed for this connection',
    );
    await t.prisma.connection.update({ where: { id: kit.connection.id }, data: { options: { passwordPolicy: 'good' } } });
    const missing = await t.api
      .post('/dbconnections/signup')
      .send({ client_id: client.client_id, connection: kit.connection.name, password: 'x' });
    assert.deepEqual(missing.body, {
      name: 'BadRequestError',
      code: 'invalid_parameter',
      description: 'Missing required parameter: email',
      statusCode: 400,
    });
  });

  it('database.changePassword emails a single-use reset link (scpr); an unknown email gets the same answer and no email (fcpr)', async () => {
    const user = await kit.user();
    const { data } = await kit.auth(client).database.changePassword({ email: user.email.toUpperCase(), connection: kit.connection.name });
    assert.equal(data, RESET_REQUESTED);
    const [email] = await smtp.to(user.email);
    assert.ok(email, 'the reset email arrived over SMTP');
    assert.match(email.raw, /^From: Tenant <no-reply@tenant\.test>/m);
    const ticket = /https:\/\/tenant\.test\/lo\/reset\?ticket=([\w-]{43})#/.exec(email.raw)?.[1];
    assert.ok(ticket, email.raw);
    const row = await t.prisma.passwordResetTicket.findUniqueOrThrow({
      where: { ticket_hash: createHash('sha256').update(ticket).digest('hex') },
    });
    assert.equal(row.user_id, user.user_id);
    assert.ok(row.expires_at.getTime() > Date.now() + 4 * 24 * 3600 * 1000);
    await kit.logEntry('scpr', (e) => e.user_id === user.user_id);
    // The later reset page redeems it: once.
    const tickets = t.app.get(PasswordResetTicketsRepository);
    assert.deepEqual(await tickets.redeem(ticket), { user_id: user.user_id, client_id: client.client_id });
    assert.equal(await tickets.redeem(ticket), undefined);

    const nobody = await t.api
      .post('/dbconnections/change_password')
      .send({ client_id: client.client_id, email: 'nobody@example.com', connection: kit.connection.name });
    assert.deepEqual([nobody.status, nobody.text, nobody.headers['content-type']], [200, RESET_REQUESTED, 'text/plain; charset=utf-8']);
    await kit.logEntry('fcpr', (e) => e.description === 'user does not exist' && e.client_id === client.client_id);
    assert.deepEqual(await smtp.to('nobody@example.com'), []);
    const refused = await t.api
      .post('/dbconnections/change_password')
      .send({ client_id: client.client_id, email: user.email, connection: 'nope' });
    assert.deepEqual([refused.status, refused.body.code], [400, 'invalid_connection']);
  });
});
