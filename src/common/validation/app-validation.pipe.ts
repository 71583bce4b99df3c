import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiError, badRequest } from '../api-error.js';
import { jsonType } from './field-rules.js';
import { API_FIELD_CONSTRAINT } from './api-field.decorator.js';
import { MIN_PROPERTIES } from './min-properties.decorator.js';

class ValidationFailed extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

const SOURCES = {
  body: { prefix: 'Payload', errorCode: 'invalid_body' },
  param: { prefix: 'Path', errorCode: 'invalid_uri' },
  query: { prefix: 'Query', errorCode: 'invalid_query_string' },
} as const;

/** class-validator underneath, Auth0's error wording on top: "<Payload|Path|Query> validation error: '...'". */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      stopAtFirstError: true,
      validateCustomDecorators: false,
      exceptionFactory: (errors) => new ValidationFailed(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const source = metadata.type === 'custom' ? undefined : SOURCES[metadata.type];
    if (!source || !metadata.metatype || !this.toValidate(metadata)) return value;
    if (metadata.type === 'body') this.checkBodyShape(value, metadata.metatype);
    try {
      return await super.transform(value ?? {}, metadata);
    } catch (error) {
      if (error instanceof ValidationFailed) throw toApiError(error.errors, source);
      throw error;
    }
  }

  private checkBodyShape(value: unknown, metatype: NonNullable<ArgumentMetadata['metatype']>): void {
    const type = value === undefined ? 'object' : jsonType(value);
    if (type !== 'object') throw badRequest('invalid_body', `Payload validation error: 'Expected type object but found type ${type}'.`);
    const min = Reflect.getMetadata(MIN_PROPERTIES, metatype) as number | undefined;
    const count = Object.keys((value ?? {}) as object).length;
    if (min !== undefined && count < min) {
      throw badRequest('invalid_body', `Payload validation error: 'Too few properties defined (${count}), minimum ${min}'.`);
    }
  }
}

function toApiError(errors: ValidationError[], source: (typeof SOURCES)[keyof typeof SOURCES]): ApiError {
  const unknown = errors.filter((e) => e.constraints?.whitelistValidation).map((e) => e.property);
  if (unknown.length > 0) {
    return badRequest(source.errorCode, `${source.prefix} validation error: 'Additional properties not allowed: ${unknown.join(',')}'.`);
  }
  const [first] = errors;
  const reason = first?.constraints?.[API_FIELD_CONSTRAINT] ?? Object.values(first?.constraints ?? {})[0] ?? 'invalid';
  const description = (first?.contexts?.[API_FIELD_CONSTRAINT] as { description?: string } | undefined)?.description;
  if (first && reason.startsWith('Expected type') && first.value === undefined) {
    return badRequest(source.errorCode, `${source.prefix} validation error: 'Missing required property: ${first.property}'.`);
  }
  const where = first ? ` on property ${first.property}${description ? ` (${description})` : ''}` : '';
  return badRequest(source.errorCode, `${source.prefix} validation error: '${reason}'${where}.`);
}
