import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { User } from '../../generated/prisma/client.js';
import { USER_ID_PREFIX } from '../user-defaults.js';

export type UserRow = User & { connection: { name: string } };

const DATABASE_PROVIDER = 'auth0';

class UserIdentityView {
  @ApiProperty({ description: 'Name of the connection containing this identity.' }) connection: string;
  @ApiProperty({ description: 'Unique identifier of the user for this identity.' }) user_id: string;
  @ApiProperty({ description: 'The type of identity provider.' }) provider: string;
  @ApiProperty({ description: 'Whether the identity provider is a social provider (true) or not (false).' }) isSocial: boolean;
}

/** A user as Auth0 returns it; what was never set is absent, and the password (or its hash) never appears. */
export class UserView {
  @ApiProperty({ description: 'ID of the user which can be used when interacting with other APIs.' }) user_id: string;
  @ApiPropertyOptional({ description: 'Email address of this user.' }) email?: string;
  @ApiProperty({ description: 'Whether this email address is verified (true) or unverified (false).' }) email_verified: boolean;
  @ApiPropertyOptional({ description: 'Username of this user.' }) username?: string;
  @ApiPropertyOptional({ description: 'Phone number for this user.' }) phone_number?: string;
  @ApiProperty({ format: 'date-time', description: 'Date and time when this user was created.' }) created_at: string;
  @ApiProperty({ format: 'date-time', description: 'Date and time when this user was last updated/modified.' }) updated_at: string;
  @ApiProperty({ type: [UserIdentityView], description: 'Array of user identity objects when accounts are linked.' })
  identities: UserIdentityView[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'User metadata to which this user has read-only access.',
  })
  app_metadata?: Record<string, unknown>;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'User metadata to which this user has read/write access.',
  })
  user_metadata?: Record<string, unknown>;
  @ApiPropertyOptional({ description: 'URL to picture, photo, or avatar of this user.' }) picture?: string;
  @ApiPropertyOptional({ description: 'Name of this user.' }) name?: string;
  @ApiPropertyOptional({ description: 'Preferred nickname or alias of this user.' }) nickname?: string;
  @ApiPropertyOptional({ description: 'Given name/first name/forename of this user.' }) given_name?: string;
  @ApiPropertyOptional({ description: 'Family name/last name/surname of this user.' }) family_name?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Last date and time this user logged in.' }) last_login?: string;
  @ApiPropertyOptional({ description: 'Total number of logins this user has performed.' }) logins_count?: number;
  @ApiPropertyOptional({ description: 'Whether this user was blocked by an administrator (true) or is not (false).' }) blocked?: boolean;
  @ApiPropertyOptional({ format: 'date-time', description: 'Last date and time the password was changed.' }) last_password_reset?: string;
}

/** The identity's user_id is the provider's own id: the user_id without its `auth0|` prefix. */
export function toUserView(row: UserRow): UserView {
  const view: UserView = {
    user_id: row.user_id,
    email_verified: row.email_verified,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    identities: [
      {
        connection: row.connection.name,
        user_id: row.user_id.startsWith(USER_ID_PREFIX) ? row.user_id.slice(USER_ID_PREFIX.length) : row.user_id,
        provider: DATABASE_PROVIDER,
        isSocial: false,
      },
    ],
  };
  const optional = { email: row.email, username: row.username, phone_number: row.phone_number, picture: row.picture, name: row.name };
  Object.assign(view, present({ ...optional, nickname: row.nickname, given_name: row.given_name, family_name: row.family_name }));
  // Auth0 leaves out empty metadata, and the login facts until a first login happened.
  if (nonEmpty(row.app_metadata)) view.app_metadata = row.app_metadata;
  if (nonEmpty(row.user_metadata)) view.user_metadata = row.user_metadata;
  if (row.last_login) view.last_login = row.last_login.toISOString();
  if (row.logins_count > 0) view.logins_count = row.logins_count;
  // Recorded: blocked is answered once set (false included), the last reset once a password changed.
  if (row.blocked !== null) view.blocked = row.blocked;
  if (row.last_password_reset) view.last_password_reset = row.last_password_reset.toISOString();
  return view;
}

function present(values: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null));
}

function nonEmpty(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
}
