import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, Length } from 'class-validator';
import { IfPresent } from '../../common/validation/auth0-validators.js';

// The sinks of Auth0's other stream types, with the enums of its Management API. They are
// stored and returned; this server delivers to `http` sinks only (README: stored, no effect yet).

const DATADOG_REGIONS = ['us', 'eu', 'us3', 'us5'] as const;
const MIXPANEL_REGIONS = ['us', 'eu'] as const;
const AWS_REGIONS = [
  ...['af-south-1', 'ap-east-1', 'ap-east-2', 'ap-northeast-1', 'ap-northeast-2', 'ap-northeast-3', 'ap-south-1', 'ap-south-2'],
  ...['ap-southeast-1', 'ap-southeast-2', 'ap-southeast-3', 'ap-southeast-4', 'ap-southeast-5', 'ap-southeast-6', 'ap-southeast-7'],
  ...['ca-central-1', 'ca-west-1', 'eu-central-1', 'eu-central-2', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1'],
  ...['eu-west-2', 'eu-west-3', 'il-central-1', 'me-central-1', 'me-south-1', 'mx-central-1', 'sa-east-1', 'us-gov-east-1'],
  ...['us-gov-west-1', 'us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'],
];
const AZURE_REGIONS = [
  ...['australiacentral', 'australiaeast', 'australiasoutheast', 'brazilsouth', 'canadacentral', 'canadaeast', 'centralindia'],
  ...['centralus', 'eastasia', 'eastus', 'eastus2', 'francecentral', 'germanywestcentral', 'japaneast', 'japanwest'],
  ...['koreacentral', 'koreasouth', 'northcentralus', 'northeurope', 'norwayeast', 'southafricanorth', 'southcentralus'],
  ...['southeastasia', 'southindia', 'swedencentral', 'switzerlandnorth', 'uaenorth', 'uksouth', 'ukwest', 'westcentralus'],
  ...['westeurope', 'westindia', 'westus', 'westus2'],
];

export class EventBridgeSinkDto {
  @ApiProperty({ description: 'AWS account ID' })
  @IsString()
  @Length(12, 12)
  awsAccountId: string;

  @ApiProperty({ description: 'The region in which the EventBridge event source will be created', enum: AWS_REGIONS })
  @IsString()
  @IsIn(AWS_REGIONS)
  awsRegion: string;
}

export class EventGridSinkDto {
  @ApiProperty({ description: 'Subscription ID' })
  @IsString()
  @Length(1, 255)
  azureSubscriptionId: string;

  @ApiProperty({ description: 'Azure Region Name', enum: AZURE_REGIONS })
  @IsString()
  @IsIn(AZURE_REGIONS)
  azureRegion: string;

  @ApiProperty({ description: 'Resource Group' })
  @IsString()
  @Length(1, 255)
  azureResourceGroup: string;
}

export class DatadogSinkDto {
  @ApiProperty({ description: 'Datadog API Key' })
  @IsString()
  @Length(1, 1024)
  datadogApiKey: string;

  @ApiProperty({ description: 'Datadog region', enum: DATADOG_REGIONS })
  @IsString()
  @IsIn(DATADOG_REGIONS)
  datadogRegion: string;
}

export class SplunkSinkDto {
  @ApiProperty({ description: 'Splunk URL Endpoint' })
  @IsString()
  @Length(1, 1024)
  splunkDomain: string;

  @ApiProperty({ description: 'Port' })
  @IsString()
  @Length(1, 5)
  splunkPort: string;

  @ApiProperty({ description: 'Splunk token' })
  @IsString()
  @Length(1, 1024)
  splunkToken: string;

  @ApiProperty({ description: 'Verify TLS certificate' })
  @IsBoolean()
  splunkSecure: boolean;
}

export class SumoSinkDto {
  // Auth0 takes a bare host here (Terraform's recordings: `prod.sumo.com`); this server never posts to it.
  @ApiProperty({ description: 'HTTP Source Address' })
  @IsString()
  @Length(1, 2048)
  sumoSourceAddress: string;
}

export class SegmentSinkDto {
  @ApiProperty({ description: 'Segment write key', required: false })
  @IfPresent()
  @IsString()
  @Length(1, 1024)
  segmentWriteKey?: string;
}

export class MixpanelSinkDto {
  @ApiProperty({ description: 'Mixpanel Region', enum: MIXPANEL_REGIONS })
  @IsString()
  @IsIn(MIXPANEL_REGIONS)
  mixpanelRegion: string;

  @ApiProperty({ description: 'Mixpanel Project Id' })
  @IsString()
  @Length(1, 255)
  mixpanelProjectId: string;

  @ApiProperty({ description: 'Mixpanel Service Account Username' })
  @IsString()
  @Length(1, 255)
  mixpanelServiceAccountUsername: string;

  @ApiProperty({ description: 'Mixpanel Service Account Password (write-only: returned masked)' })
  @IsString()
  @Length(1, 1024)
  mixpanelServiceAccountPassword: string;
}
