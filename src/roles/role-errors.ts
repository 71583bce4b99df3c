import { badRequest, conflict, notFound } from '../common/api-error.js';

// Recorded (go-auth0's TestRoleManager_Delete): GET and DELETE of a role that is gone answer 404
// with this message and no errorCode; the errorCode is ours, as for organizations.
export const roleNotFound = () => notFound('inexistent_role', 'The role does not exist.');
// Unverified wording: the SDK documents a 409 for POST /roles, no recording shows its message.
export const roleNameTaken = () => conflict('role_conflict', 'A role with the same name already exists.');
// auth0-cli users quote this 404 for a role permission naming an unknown API (auth0-cli#348).
export const permissionResourceServerNotFound = (identifier: string) =>
  notFound('inexistent_resource_server', `The resource server does not exist: '${identifier}'`);
// Unverified wording: a permission must be one of the resource server's scopes.
export const permissionNotFound = (identifier: string, name: string) =>
  badRequest('invalid_body', `Permission '${name}' does not exist in resource server '${identifier}'.`);
// Our wordings: Auth0's for an organization role's owner, and for assigning one outside it, are not recorded.
export const ownerRequired = () => badRequest('invalid_body', 'owner_id is required when type is organization.');
export const ownerForTenantRole = () => badRequest('invalid_body', 'owner_id can only be set when type is organization.');
export const roleOfAnotherOwner = () =>
  badRequest('invalid_body', "An organization's role can only be assigned to that organization's members.");
// Unverified wording: roles are assigned to members of the organization only.
export const notAMember = () => badRequest('invalid_body', 'The user is not a member of the organization.');
