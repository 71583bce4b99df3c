import 'reflect-metadata';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Type } from '@nestjs/common';
import { Expose, plainToInstance, Transform } from 'class-transformer';
import { getMetadataStorage, IsString } from 'class-validator';
import { copiedAsIs, dtoTransformer } from '../../src/common/validation/dto-transformer.js';
import { documentClasses } from '../../src/openapi/request-schemas.js';
import { OrganizationClientGrantParams } from '../../src/organizations/dto/organization-client-grant.params.js';
import { ListTokenExchangeProfilesQuery } from '../../src/token-exchange-profiles/dto/list-token-exchange-profiles.query.js';
import { UpdateTokenExchangeProfileDto } from '../../src/token-exchange-profiles/dto/update-token-exchange-profile.dto.js';

const compiledSrc = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const sourceSrc = resolve(compiledSrc, '../../src');

/** Every request class of the app: the path, query and body classes and the classes nested in them. */
async function requestClasses(): Promise<Type<object>[]> {
  const files = readdirSync(compiledSrc, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(dto|params|query)\.js$/.test(file))
    // incremental tsc leaves a deleted file's output behind
    .filter((file) => existsSync(join(sourceSrc, relative(compiledSrc, join(compiledSrc, file))).replace(/\.js$/, '.ts')));
  const roots: Type<object>[] = [];
  for (const file of files) {
    const exported = (await import(pathToFileURL(join(compiledSrc, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(exported))
      if (typeof value === 'function' && rules(value as Type).length > 0) roots.push(value as Type<object>);
  }
  return documentClasses(roots) as Type<object>[];
}

const rules = (cls: Type) => getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);

/** Flat values (the fast path's) and others (class-transformer's), over the class's own property names. */
function samples(cls: Type): unknown[] {
  const names = [...new Set(rules(cls).map((rule) => rule.propertyName))];
  const values = ['abc', '5', 'true', 'false', '', 7, 0, true, false, null];
  return [
    {},
    Object.fromEntries(names.map((name) => [name, 'abc'])),
    ...names.flatMap((name) => values.map((value) => ({ [name]: value }))),
    ...names.flatMap((name) => [{ [name]: { nested: 'x' } }, { [name]: ['a', 'b'] }, { [name]: undefined }]),
    { not_a_property: 'x' },
    Object.assign(Object.create(null) as object, names.length > 0 ? { [names[0]]: 'abc' } : {}),
  ];
}

class Renamed {
  @IsString()
  @Expose({ name: 'other' })
  name!: string;
}

class Trimmed {
  @IsString()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  name!: string;

  @IsString()
  kept!: string;
}

describe('dtoTransformer: class-transformer for ValidationPipe, with flat values copied directly', () => {
  it('builds the same instance as class-transformer for every request class of the app, whatever the value', async () => {
    const classes = await requestClasses();
    assert.ok(classes.length > 30, `found ${classes.length} request classes`);
    let compared = 0;
    for (const cls of classes) {
      for (const value of samples(cls)) {
        const expected = plainToInstance(cls, value);
        const actual = dtoTransformer.plainToInstance(cls, value);
        assert.equal(Object.getPrototypeOf(actual), Object.getPrototypeOf(expected), cls.name);
        assert.deepStrictEqual(actual, expected, `${cls.name} from ${JSON.stringify(value)}`);
        compared += 1;
      }
    }
    // The fast path serves most of them: a class whose every property class-transformer converts is rare.
    const copied = classes.filter((cls) => (copiedAsIs(cls)?.size ?? 0) > 0);
    assert.ok(copied.length > classes.length / 2, `${copied.length} of ${classes.length} classes copied as they are`);
    assert.ok(compared > 500, `${compared} values compared`);
  });

  it('copies only the properties no class-transformer decorator touches, read from the storage decorators write to', () => {
    assert.deepEqual([...(copiedAsIs(OrganizationClientGrantParams) ?? [])].sort(), ['grant_id', 'id']);
    assert.deepEqual([...(copiedAsIs(UpdateTokenExchangeProfileDto) ?? [])].sort(), ['name', 'subject_token_type']);
    // `take` is converted from the query's text (@QueryInt()), `from` is not.
    const query = copiedAsIs(ListTokenExchangeProfilesQuery);
    assert.ok(query?.has('from') && !query.has('take'), [...(query ?? [])].join());
    assert.deepEqual(
      dtoTransformer.plainToInstance(ListTokenExchangeProfilesQuery, { take: '5' }),
      Object.assign(new ListTokenExchangeProfilesQuery(), { take: 5 }),
    );
    assert.deepEqual([...(copiedAsIs(Trimmed) ?? [])], ['kept']);
    assert.deepEqual(
      dtoTransformer.plainToInstance(Trimmed, { name: ' a ', kept: ' b ' }),
      Object.assign(new Trimmed(), { name: 'a', kept: ' b ' }),
    );
    // A class exposing a property under another name is class-transformer's whole.
    assert.equal(copiedAsIs(Renamed), null);
    assert.deepEqual(dtoTransformer.plainToInstance(Renamed, { other: 'x' }), Object.assign(new Renamed(), { name: 'x' }));
  });

  it('leaves options to class-transformer', () => {
    const value = { id: 'org_1', grant_id: 'cgr_1', extra: 'x' };
    const options = { excludeExtraneousValues: true };
    assert.deepStrictEqual(
      dtoTransformer.plainToInstance(OrganizationClientGrantParams, value, options),
      plainToInstance(OrganizationClientGrantParams, value, options),
    );
  });
});
