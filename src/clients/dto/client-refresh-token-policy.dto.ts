import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsString, Length } from 'class-validator';

/**
 * One multi-resource refresh token policy (Auth0's ClientRefreshTokenPolicy): an API and the
 * scopes a refresh token may get for it. Auth0 does not check that either exists (an exchange
 * ignores a policy naming none), so neither is looked up here.
 */
export class ClientRefreshTokenPolicyDto {
  @ApiProperty({ description: 'The identifier of the resource server to which the Multi Resource Refresh Token Policy applies' })
  @IsString()
  @Length(1, 600)
  audience: string;

  @ApiProperty({
    description:
      'The resource server permissions granted under the Multi Resource Refresh Token Policy, defining the context in which an access token can be used',
  })
  @IsArray()
  @IsString({ each: true })
  @Length(1, 280, { each: true })
  scope: string[];
}
