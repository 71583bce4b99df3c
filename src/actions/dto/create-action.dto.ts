import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsString, Length, ValidateNested } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';
import { ACTION_TRIGGER_IDS } from '../action-triggers.js';

// Runtimes Auth0 has offered for actions; node22 is its default since 2025.
const ACTION_RUNTIMES = ['node12', 'node16', 'node18', 'node18-actions', 'node22'] as const;

class ActionTriggerDto {
  @ApiProperty({ enum: ACTION_TRIGGER_IDS, description: 'An actions extensibility point.' })
  @IsString()
  @IsIn(ACTION_TRIGGER_IDS)
  id: string;

  @ApiProperty({ description: 'The version of a trigger. v1, v2, etc.' })
  @IfPresent()
  @IsString()
  @Length(1, 10)
  version?: string;
}

class ActionDependencyDto {
  @ApiProperty({ description: 'name is the name of the npm module, e.g. lodash' })
  @IsString()
  @Length(1, 214)
  name: string;

  @ApiProperty({ description: 'description is the version of the npm module, e.g. 4.17.1' })
  @IfPresent()
  @IsString()
  @Length(1, 100)
  version?: string;

  @ApiProperty({ description: 'registry_url is an optional value used primarily for private npm registries.' })
  @IfPresent()
  @IsString()
  @Length(1, 2048)
  registry_url?: string;
}

export class ActionSecretDto {
  @ApiProperty({ description: 'The name of the particular secret, e.g. API_KEY.' })
  @IsString()
  @Length(1, 255)
  name: string;

  @ApiProperty({ description: "The value of the particular secret, e.g. secret123. A secret's value can only be set upon creation." })
  @IsString()
  @Length(0, 4096)
  value: string;

  // Clients send back the secrets they read, stamp included (go-auth0 does); the stamp is the server's to set.
  @ApiProperty({ description: 'When the secret was last changed, as read back; ignored: the server sets it on every write.' })
  @IfPresent()
  @IsString()
  updated_at?: string;
}

export class CreateActionDto {
  @ApiProperty({ description: 'The name of an action.' })
  @IsString()
  @Length(1, 255)
  name: string;

  @ApiProperty({
    type: [ActionTriggerDto],
    description: 'The list of triggers that this action supports. At this time, an action can only target a single trigger at a time.',
  })
  // Auth0 refuses an empty list; the shared constraint table has no wording for arrayMinSize yet,
  // so an empty list is accepted here for now.
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ActionTriggerDto)
  supported_triggers: ActionTriggerDto[];

  @ApiProperty({ description: 'The source code of the action.' })
  @IfPresent()
  @IsString()
  // Auth0 takes far more (~100 KB); the service's 10 KB body limit (app.setup.ts) bounds it here,
  // so the maximum stays under it and is refused with a 400 naming the property.
  @Length(0, 8000)
  code?: string;

  @ApiProperty({
    type: [ActionDependencyDto],
    description: 'The list of third party npm modules, and their versions, that this action depends on.',
  })
  @IfPresent()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ActionDependencyDto)
  dependencies?: ActionDependencyDto[];

  @ApiProperty({ enum: ACTION_RUNTIMES, description: 'The Node runtime. For example: `node22`, defaults to `node22`' })
  @IfPresent()
  @IsString()
  @IsIn(ACTION_RUNTIMES)
  runtime?: string;

  @ApiProperty({ type: [ActionSecretDto], description: 'The list of secrets that are included in an action or a version of an action.' })
  @IfPresent()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ActionSecretDto)
  secrets?: ActionSecretDto[];

  @ApiProperty({ description: 'True if the action should be deployed after creation.' })
  @IfPresent()
  @IsBoolean()
  deploy?: boolean;
}
