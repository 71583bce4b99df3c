import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { RefreshToken } from '../../generated/prisma/client.js';

class RefreshTokenDeviceView {
  @ApiPropertyOptional() initial_ip?: string;
  @ApiPropertyOptional() initial_user_agent?: string;
  @ApiPropertyOptional() last_ip?: string;
  @ApiPropertyOptional() last_user_agent?: string;
}

class RefreshTokenResourceServerView {
  @ApiProperty() audience: string;
  @ApiProperty({ description: 'Space-separated scopes.' }) scopes: string;
}

/** Auth0's refresh token object (GetRefreshTokenResponseContent); the token itself is never in it. */
export class RefreshTokenView {
  @ApiProperty() id: string;
  @ApiProperty() user_id: string;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: String, nullable: true }) idle_expires_at: string | null;
  @ApiProperty({ type: String, nullable: true }) expires_at: string | null;
  @ApiProperty({ type: RefreshTokenDeviceView }) device: RefreshTokenDeviceView;
  @ApiProperty() client_id: string;
  @ApiProperty() rotating: boolean;
  @ApiProperty({ type: [RefreshTokenResourceServerView] }) resource_servers: RefreshTokenResourceServerView[];
  @ApiProperty({ type: String, nullable: true }) last_exchanged_at: string | null;

  static of(row: RefreshToken): RefreshTokenView {
    const device = Object.fromEntries(
      Object.entries({
        initial_ip: row.initial_ip,
        initial_user_agent: row.initial_user_agent,
        last_ip: row.last_ip,
        last_user_agent: row.last_user_agent,
      }).filter(([, value]) => value !== null),
    );
    return {
      id: row.id,
      user_id: row.user_id,
      created_at: row.created_at.toISOString(),
      idle_expires_at: row.idle_expires_at?.toISOString() ?? null,
      expires_at: row.expires_at?.toISOString() ?? null,
      device,
      client_id: row.client_id,
      rotating: row.rotating,
      resource_servers: [{ audience: row.audience, scopes: row.scope.join(' ') }],
      last_exchanged_at: row.last_exchanged_at?.toISOString() ?? null,
    };
  }
}

export class UserRefreshTokensView {
  @ApiProperty({ type: [RefreshTokenView] }) tokens: RefreshTokenView[];
  @ApiPropertyOptional({ description: 'The `from` of the next page.' }) next?: string;
}
