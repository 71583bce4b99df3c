import { IsStringMap, type StringMapLimits } from '../../common/validation/auth0-validators.js';

/** Auth0's limits on client_metadata: 10 properties, keys of 1-255 characters, string values of up to 255. */
export const CLIENT_METADATA_LIMITS: StringMapLimits = { maxProperties: 10, keyLength: [1, 255], valueMaxLength: 255 };

/** client_metadata in a PATCH: a key set to null is deleted (Auth0's metadata semantics). */
export const IsClientMetadataChanges = (): PropertyDecorator => IsStringMap({ ...CLIENT_METADATA_LIMITS, nullValues: true });
