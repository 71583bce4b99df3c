import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ArgumentMetadata, Type } from '@nestjs/common';
import { ApiProperty, DECORATORS } from '@nestjs/swagger';
import { IsEmail, IsString } from 'class-validator';
import { CreateClientGrantDto } from '../../src/client-grants/dto/create-client-grant.dto.js';
import { UpdateClientGrantDto } from '../../src/client-grants/dto/update-client-grant.dto.js';
import { ApiError } from '../../src/common/api-error.js';
import { AppValidationPipe } from '../../src/common/validation/app-validation.pipe.js';
import { markFormBody } from '../../src/common/validation/coerce.js';
import { documentClasses } from '../../src/openapi/request-schemas.js';
import { CreateOrganizationDto } from '../../src/organizations/dto/create-organization.dto.js';
import { UpdateOrganizationDto } from '../../src/organizations/dto/update-organization.dto.js';

const pipe = new AppValidationPipe();
const body = (metatype: Type): ArgumentMetadata => ({ type: 'body', metatype });
const BRANDING = ' on property branding (Theme defines how to style the login pages.).';
const SCOPE = ' on property scope (Scopes allowed for this client grant.).';

async function refusal(value: unknown, metatype: Type): Promise<string> {
  try {
    await pipe.transform(value, body(metatype));
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.errorCode, 'invalid_body');
    return error.message;
  }
  assert.fail(`${JSON.stringify(value)} was accepted`);
}

describe('AppValidationPipe: Auth0 wording from class-validator constraints', () => {
  it('reports a fault inside a nested object on the request property, with the path below it', async () => {
    const colors = (value: object) => ({ name: 'acme', branding: { colors: value } });
    assert.equal(
      await refusal(colors({ primary: '#fff' }), CreateOrganizationDto),
      `Payload validation error: 'Missing required property: colors.page_background'${BRANDING}`,
    );
    assert.equal(
      await refusal(colors({ primary: '#fff', page_background: '#000', x: 1, y: 2 }), CreateOrganizationDto),
      `Payload validation error: 'Additional properties not allowed: x,y'${BRANDING}`,
    );
    assert.equal(
      await refusal({ name: 'acme', branding: { colors: [] } }, CreateOrganizationDto),
      `Payload validation error: 'Expected type object but found type array'${BRANDING}`,
    );
    assert.equal(
      await refusal({ branding: { logo_url: null } }, UpdateOrganizationDto),
      `Payload validation error: 'Expected type string but found type null'${BRANDING}`,
    );
  });

  it("checks an array before its items, and the items in order, each in Auth0's order of checks", async () => {
    const grant = (scope: unknown) => ({ client_id: 'c', audience: 'a', scope });
    assert.equal(
      await refusal(grant(null), CreateClientGrantDto),
      `Payload validation error: 'Expected type array but found type null'${SCOPE}`,
    );
    assert.equal(
      await refusal(grant(['', 1]), CreateClientGrantDto),
      `Payload validation error: 'String is too short (0 chars), minimum 1'${SCOPE}`,
    );
    assert.equal(
      await refusal(grant(['ok', 1, '']), CreateClientGrantDto),
      `Payload validation error: 'Expected type string but found type integer'${SCOPE}`,
    );
    assert.equal(
      await refusal(grant(['x'.repeat(281)]), CreateClientGrantDto),
      `Payload validation error: 'String is too long (281 chars), maximum 280'${SCOPE}`,
    );
  });

  it('accepts null only where the update DTO says the property is nullable', async () => {
    const accepted = await pipe.transform({ organization_usage: null, allow_any_organization: null }, body(UpdateClientGrantDto));
    assert.deepEqual({ ...(accepted as object) }, { organization_usage: null, allow_any_organization: null });
    assert.equal(
      await refusal({ scope: null }, UpdateClientGrantDto),
      `Payload validation error: 'Expected type array but found type null'${SCOPE}`,
    );
  });

  it('converts form values only for a form body', async () => {
    const form = { allow_any_organization: 'true', scope: 'read:x' };
    markFormBody(form);
    assert.deepEqual(
      { ...((await pipe.transform(form, body(UpdateClientGrantDto))) as object) },
      { allow_any_organization: true, scope: ['read:x'] },
    );
    assert.match(
      await refusal({ allow_any_organization: 'true' }, UpdateClientGrantDto),
      /^Payload validation error: 'Expected type boolean but found type string'/,
    );
  });
});

describe('OpenAPI request schemas read from the validators', () => {
  it('documents limits, listed values, nullability and required-ness from the decorators alone', () => {
    documentClasses([UpdateClientGrantDto]);
    const property = (name: string) =>
      Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, UpdateClientGrantDto.prototype, name) as Record<string, unknown>;
    const { description, type, required, items } = property('scope');
    assert.deepEqual(
      { description, type, required, items },
      {
        description: 'Scopes allowed for this client grant.',
        type: 'array',
        required: false,
        items: { type: 'string', minLength: 1, maxLength: 280 },
      },
    );
    assert.equal(property('organization_usage').nullable, true);
    assert.deepEqual(property('organization_usage').enum, ['deny', 'allow', 'require']);
    assert.equal(property('scope').nullable, undefined);
  });

  it('refuses a constraint that has no Auth0 wording, rather than enforce it undocumented', () => {
    class WithEmail {
      @ApiProperty({ description: 'an address' })
      @IsString()
      @IsEmail()
      email: string;
    }
    assert.throws(() => documentClasses([WithEmail]), /WithEmail\.email: constraint isEmail has no Auth0 wording/);
  });
});
