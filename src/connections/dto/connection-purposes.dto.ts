import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';

// A connection's purposes and Cross App Access roles, as Auth0's schema has them. Stored in the
// `settings` column and returned as accepted; none of them changes anything here yet.

export class ConnectionAuthenticationPurposeDto {
  @ApiProperty({ description: 'Whether the connection can be used for authentication.' })
  @IsBoolean()
  active: boolean;
}

export class ConnectionConnectedAccountsPurposeDto {
  @ApiProperty({ description: 'Whether the connection can be used for connected accounts and Token Vault.' })
  @IsBoolean()
  active: boolean;

  @ApiProperty({ description: 'Whether connected accounts of this connection take part in Cross App Access.' })
  @IfPresent()
  @IsBoolean()
  cross_app_access?: boolean;

  @ApiProperty({
    description:
      'When true, allows storing a connected account without an upstream identity provider user id. At most one such connected account is allowed per user per connection.',
  })
  @IfPresent()
  @IsBoolean()
  allow_missing_user_id?: boolean;
}

export class CrossAppAccessRequestingAppDto {
  // The example is the value every strategy takes: only oidc and okta connections can be requesting apps.
  @ApiProperty({
    description: 'Set to `true` to enable the connection as a Requesting Application for Cross App Access.',
    example: false,
  })
  @IsBoolean()
  active: boolean;
}

export class CrossAppAccessResourceAppDto {
  @ApiProperty({
    description:
      "Set to `enabled` to accept ID-JAGs from this connection's identity provider to issue access tokens to other connected applications.",
  })
  @IsString()
  @IsIn(['enabled', 'disabled'])
  status: string;
}

/** The connection properties kept in `settings`. */
export const CONNECTION_SETTINGS = [
  'authentication',
  'connected_accounts',
  'cross_app_access_requesting_app',
  'cross_app_access_resource_app',
] as const;
