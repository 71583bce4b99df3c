import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString } from 'class-validator';
import { IfPresent } from './validation/auth0-validators.js';
import { QueryBool } from './validation/coerce.js';

/** Auth0's `fields` / `include_fields` query parameters, on every list and get that documents them. */
export class FieldsQuery {
  @ApiProperty({
    description:
      'Comma-separated list of fields to include or exclude (based on value provided for include_fields) in the result. Leave empty to retrieve all fields.',
  })
  @IfPresent()
  @IsString()
  fields?: string;

  @ApiProperty({ description: 'Whether specified fields are to be included (true) or excluded (false).' })
  @IfPresent()
  @QueryBool()
  @IsBoolean()
  include_fields?: boolean;
}

/**
 * Applies `fields` / `include_fields` to one answer: only the listed top-level properties
 * (include_fields true, the default), or all but them. An empty list leaves the view whole.
 */
export function selectFields<V extends object>(view: V, fields: string | undefined, include = true): Partial<V> {
  const selected = fieldSelector(fields, include);
  if (selected === undefined) return view;
  return Object.fromEntries(Object.entries(view).filter(([name]) => selected(name))) as Partial<V>;
}

/** The same choice, property by property, for answers rendered without a view object; undefined: all. */
export function fieldSelector(fields: string | undefined, include = true): ((name: string) => boolean) | undefined {
  const names = new Set(
    (fields ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  return names.size === 0 ? undefined : (name) => names.has(name) === include;
}
