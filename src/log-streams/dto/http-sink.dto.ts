import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsString, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { IfPresent, IsUri } from '../../common/validation/auth0-validators.js';

export const HTTP_CONTENT_FORMATS = ['JSONARRAY', 'JSONLINES', 'JSONOBJECT'] as const;
export type HttpContentFormat = (typeof HTTP_CONTENT_FORMATS)[number];

// Auth0 posts to https only. Ours also allows plain http to a loopback address, for a collector on the
// same host and for tests; anything else in clear would carry the Authorization header unprotected.
const HTTPS_OR_LOOPBACK = /^(https:\/\/|http:\/\/(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])([:/?#]|$))/i;

// A header name (RFC 9110 token) other than those the HTTP client itself must set.
const HEADER_NAME =
  /^(?!(host|content-length|connection|transfer-encoding|keep-alive|upgrade|expect|te|trailer|proxy-connection)$)[!#$%&'*+.^_`|~0-9a-z-]+$/i;

class HttpCustomHeaderDto {
  @ApiProperty({ description: 'HTTP header name' })
  @IsString()
  @Length(1, 256)
  @Matches(HEADER_NAME)
  header: string;

  @ApiProperty({ description: 'HTTP header value' })
  @IsString()
  @MaxLength(4096)
  // No line breaks: a value must not be able to start another header.
  @Matches(/^[^\r\n]*$/)
  value: string;
}

/** The sink of a stream of type `http` (Auth0's LogStreamHttpSink). */
export class HttpSinkDto {
  @ApiProperty({ description: 'HTTP endpoint (https; http only to a loopback address)' })
  @IsString()
  @MaxLength(2048)
  @IsUri()
  @Matches(HTTPS_OR_LOOPBACK)
  httpEndpoint: string;

  @ApiProperty({ description: 'HTTP Content-Type header', required: false })
  @IfPresent()
  @IsString()
  @Length(1, 255)
  @Matches(/^[^\r\n]*$/)
  httpContentType?: string;

  @ApiProperty({ description: 'HTTP JSON format', enum: HTTP_CONTENT_FORMATS, required: false })
  @IfPresent()
  @IsString()
  @IsIn(HTTP_CONTENT_FORMATS)
  httpContentFormat?: HttpContentFormat;

  @ApiProperty({ description: 'HTTP Authorization header (write-only: never returned)', required: false })
  @IfPresent()
  @IsString()
  @MaxLength(4096)
  @Matches(/^[^\r\n]*$/)
  httpAuthorization?: string;

  @ApiProperty({ description: 'custom HTTP headers', type: [HttpCustomHeaderDto], required: false })
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => HttpCustomHeaderDto)
  httpCustomHeaders?: HttpCustomHeaderDto[];
}
