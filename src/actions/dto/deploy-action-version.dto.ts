import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';

/** Auth0's POST /actions/actions/{id}/versions/{versionId}/deploy body (v7 DeployActionVersionRequestContent). */
export class DeployActionVersionDto {
  @ApiProperty({ description: 'True if the draft of the action should be updated with the reverted version.' })
  @IfPresent()
  @IsBoolean()
  update_draft?: boolean;
}
