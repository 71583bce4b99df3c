import { ValidateBy } from 'class-validator';
import { stringMapViolation, type StringMapLimits } from '../../common/validation/auth0-validators.js';

/** Auth0's limits on client_metadata: 10 properties, keys of 1-255 characters, string values of up to 255. */
export const CLIENT_METADATA_LIMITS: StringMapLimits = { maxProperties: 10, keyLength: [1, 255], valueMaxLength: 255 };

const withoutNulls = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null))
    : value;

/**
 * client_metadata in a PATCH: a key set to null is deleted (Auth0's metadata semantics), so only
 * the other entries must be strings within the limits. The same constraint as IsStringMap, so its
 * wording and its OpenAPI form are the pipe's.
 */
export const IsClientMetadataChanges = (): PropertyDecorator =>
  ValidateBy({
    name: 'isStringMap',
    constraints: [CLIENT_METADATA_LIMITS],
    validator: { validate: (value: unknown) => stringMapViolation(withoutNulls(value), CLIENT_METADATA_LIMITS) === undefined },
  });
