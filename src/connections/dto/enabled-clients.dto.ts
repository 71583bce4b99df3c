import { ApiProperty, type SchemaObject } from '@nestjs/swagger';
import { badRequest } from '../../common/api-error.js';
import { AUTH0_CONSTRAINTS, AUTH0_OBJECT_RULES, jsonType } from '../../common/validation/auth0-constraints.js';
import { CheckpointPaginationQuery } from '../../common/pagination/pagination.query.js';

const MAX_CHANGES = 50;

/** GET /connections/{id}/clients: checkpoint paging only. */
export class ListEnabledClientsQuery extends CheckpointPaginationQuery {}

export class EnabledClientView {
  @ApiProperty({ description: 'The client id' }) client_id: string;
}

/** PATCH /connections/{id}/clients: a JSON array, which the DTO pipe cannot take, so it is read here. */
export const ENABLED_CLIENT_CHANGES_SCHEMA: SchemaObject = {
  type: 'array',
  maxItems: MAX_CHANGES,
  items: {
    type: 'object',
    required: ['client_id', 'status'],
    additionalProperties: false,
    properties: {
      client_id: {
        type: 'string',
        description: 'The client_id of the client whose status will be changed. Note that the limit per PATCH request is 50 clients.',
      },
      status: { type: 'boolean', description: 'Whether the connection is enabled or not for this client_id' },
    },
  },
};

interface EnabledClientChange {
  client_id: string;
  status: boolean;
}

const refuse = (reason: string, where?: string) =>
  badRequest('invalid_body', `Payload validation error: '${reason}'${where === undefined ? '' : ` on property ${where}`}.`);

/** The body checked against the schema above, refusals worded as the validation pipe words them (the item path is ours). */
export function readEnabledClientChanges(body: unknown): EnabledClientChange[] {
  if (!Array.isArray(body)) throw refuse(AUTH0_CONSTRAINTS.isArray.message(body, [], ''));
  if (body.length > MAX_CHANGES) throw refuse(AUTH0_CONSTRAINTS.arrayMaxSize.message(body, [MAX_CHANGES], ''));
  return body.map((item: unknown, index) => {
    const where = `[${index}]`;
    if (jsonType(item) !== 'object') throw refuse(AUTH0_CONSTRAINTS.isObject.message(item, [], ''), where);
    const entry = item as Record<string, unknown>;
    const unknown = Object.keys(entry).filter((key) => key !== 'client_id' && key !== 'status');
    if (unknown.length > 0) throw refuse(AUTH0_OBJECT_RULES.additionalProperties.message(unknown), where);
    for (const [key, type] of [
      ['client_id', 'string'],
      ['status', 'boolean'],
    ] as const) {
      if (entry[key] === undefined) throw refuse(AUTH0_OBJECT_RULES.missing(key), where);
      if (typeof entry[key] !== type)
        throw refuse(AUTH0_CONSTRAINTS[type === 'string' ? 'isString' : 'isBoolean'].message(entry[key], [], key), `${where}.${key}`);
    }
    return { client_id: entry.client_id as string, status: entry.status as boolean };
  });
}
