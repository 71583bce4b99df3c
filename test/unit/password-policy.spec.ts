import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meetsPasswordPolicy, passwordPolicyReport } from '../../src/users/password-policy.js';

const policyOf = (passwordPolicy: string, extra: object = {}) => ({ passwordPolicy, ...extra });

describe('password policy (password-sheriff presets)', () => {
  it('accepts and refuses by level: none, low, fair, good, excellent', () => {
    const cases: [string, string, boolean][] = [
      ['none', 'x', true],
      ['low', 'abcde', false],
      ['low', 'abcdef', true],
      ['fair', 'abcdefgH', false],
      ['fair', 'abcdefH1', true],
      ['good', 'abcdefgh', false],
      ['good', 'abcdefg!H', true],
      ['excellent', 'Abcdefg1!', false],
      ['excellent', 'Abcdefgg1!', true],
      ['excellent', 'Abcdeffff1!', false],
    ];
    for (const [level, password, expected] of cases) {
      assert.equal(meetsPasswordPolicy(password, policyOf(level)), expected, `${level} ${password}`);
    }
    assert.equal(meetsPasswordPolicy('x', undefined), true);
    assert.equal(meetsPasswordPolicy('abcdef', policyOf('low', { password_complexity_options: { min_length: 7 } })), false);
  });

  it('words the policy as Auth0 does in its PasswordStrengthError', () => {
    assert.equal(
      passwordPolicyReport('', policyOf('fair')).policy,
      '* At least 8 characters in length\n* Should contain:\n * lower case letters (a-z)\n * upper case letters (A-Z)\n * numbers (i.e. 0-9)',
    );
    assert.equal(
      passwordPolicyReport('', policyOf('excellent')).policy,
      '* At least 10 characters in length\n* Contain at least 3 of the following 4 types of characters:\n * lower case letters (a-z)\n * upper case letters (A-Z)\n * numbers (i.e. 0-9)\n * special characters (e.g. !@#$%^&*)\n* No more than 2 identical characters in a row (e.g., "aaa" not allowed)',
    );
    assert.deepEqual(passwordPolicyReport('', {}), {
      rules: [{ message: 'Non-empty password required', code: 'lengthAtLeast', verified: false }],
      verified: false,
      policy: '* Non-empty password required',
    });
  });
});
