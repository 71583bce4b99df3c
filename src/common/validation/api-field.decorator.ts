import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';
import { firstViolation, type FieldRules } from './field-rules.js';

export const API_FIELD_CONSTRAINT = 'apiField';

/**
 * One decorator per request field: validation with Auth0's wording and the OpenAPI schema,
 * from the same rules, so the document cannot drift from what is enforced.
 */
export function ApiField(rules: FieldRules): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ValidateBy(
      {
        name: API_FIELD_CONSTRAINT,
        constraints: [rules],
        validator: {
          validate: (value: unknown) => firstViolation(value, rules) === undefined,
          defaultMessage: (args?: ValidationArguments) => firstViolation(args?.value, rules) ?? 'invalid',
        },
      },
      { context: { description: rules.description } },
    ),
    ApiProperty({
      type: rules.type as 'string',
      description: rules.description,
      required: rules.required ?? false,
      nullable: rules.nullable,
      minLength: rules.minLength,
      maxLength: rules.maxLength,
      format: rules.format,
      pattern: rules.pattern?.source,
      enum: rules.enum ? [...rules.enum] : undefined,
      minimum: rules.minimum,
      maximum: rules.maximum,
      maxItems: rules.maxItems,
      ...(rules.type === 'array' ? { items: { type: 'string', minLength: rules.items?.minLength, maxLength: rules.items?.maxLength, enum: rules.items?.enum ? [...rules.items.enum] : undefined } } : {}),
    }),
  ];
  // An absent optional field is skipped; an explicit null is still checked (and refused).
  if (!rules.required) decorators.unshift(ValidateIf((_object: object, value: unknown) => value !== undefined));
  return applyDecorators(...decorators);
}
