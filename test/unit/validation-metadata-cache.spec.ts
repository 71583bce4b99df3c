import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IsString, MaxLength, MetadataStorage, getMetadataStorage } from 'class-validator';
import { AppValidationPipe } from '../../src/common/validation/app-validation.pipe.js';
import { cacheTargetValidationMetadatas } from '../../src/common/validation/metadata-cache.js';
import { OrganizationClientGrantParams } from '../../src/organizations/dto/organization-client-grant.params.js';

class Parent {
  @IsString()
  id!: string;
}

class Child extends Parent {
  @IsString({ groups: ['strict'] })
  @MaxLength(3)
  name!: string;
}

/** A storage holding the app's own rules, each lookup counted where class-validator does the work. */
function countedStorage(): { storage: MetadataStorage; calls: () => number } {
  const storage = Object.create(getMetadataStorage()) as MetadataStorage;
  const uncached = storage.getTargetValidationMetadatas.bind(storage);
  let calls = 0;
  storage.getTargetValidationMetadatas = (...args) => {
    calls += 1;
    return uncached(...args);
  };
  return { storage, calls: () => calls };
}

const names = (rules: ReturnType<MetadataStorage['getTargetValidationMetadatas']>) =>
  rules.map((rule) => `${rule.target instanceof Function ? rule.target.name : rule.target}.${rule.propertyName}:${rule.name ?? rule.type}`);

describe('class-validator rules remembered per class (metadata-cache.ts)', () => {
  it('answers what class-validator answers, own and inherited rules, once per class and options', () => {
    const { storage, calls } = countedStorage();
    const expected = names(storage.getTargetValidationMetadatas(Child, '', false, false));
    const expectedStrict = names(storage.getTargetValidationMetadatas(Child, '', false, true));
    cacheTargetValidationMetadatas(storage);
    const before = calls();
    assert.deepEqual(names(storage.getTargetValidationMetadatas(Child, '', false, false)), expected);
    assert.ok(expected.includes('Parent.id:isString') && expected.includes('Child.name:maxLength'), expected.join());
    assert.deepEqual(names(storage.getTargetValidationMetadatas(Child, '', false, false)), expected);
    assert.equal(calls() - before, 1, 'the second lookup of the same class is remembered');
    // Another option is another answer: strictGroups leaves out the rule of the "strict" group.
    assert.deepEqual(names(storage.getTargetValidationMetadatas(Child, '', false, true)), expectedStrict);
    assert.ok(!expectedStrict.includes('Child.name:isString') && expected.includes('Child.name:isString'), expectedStrict.join());
    assert.equal(calls() - before, 2);
    assert.deepEqual(names(storage.getTargetValidationMetadatas(Parent, '', false, false)), ['Parent.id:isString']);
    assert.equal(calls() - before, 3);
  });

  it('passes a lookup with groups through, and is installed once however often it is asked', () => {
    const { storage, calls } = countedStorage();
    cacheTargetValidationMetadatas(storage);
    cacheTargetValidationMetadatas(storage);
    storage.getTargetValidationMetadatas(Child, '', false, false, ['strict']);
    storage.getTargetValidationMetadatas(Child, '', false, false, ['strict']);
    assert.equal(calls(), 2);
    storage.getTargetValidationMetadatas(Child, '', false, false);
    storage.getTargetValidationMetadatas(Child, '', false, false);
    assert.equal(calls(), 3, 'one wrapper, not two: the second install saw the first');
  });

  it('serves the validation pipe: the app storage is cached once the pipe exists, and params are still checked', async () => {
    new AppValidationPipe();
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(OrganizationClientGrantParams, '', false, false);
    assert.equal(storage.getTargetValidationMetadatas(OrganizationClientGrantParams, '', false, false), first);
    assert.deepEqual(
      names(first).sort(),
      ['OrganizationClientGrantParams.grant_id:isString', 'OrganizationIdParams.id:isString', 'OrganizationIdParams.id:maxLength'].sort(),
    );
    const pipe = new AppValidationPipe();
    await assert.rejects(
      pipe.transform({ id: 'org_1', grant_id: 'cgr_1', extra: 'x' }, { type: 'param', metatype: OrganizationClientGrantParams }),
      {
        message: "Path validation error: 'Additional properties not allowed: extra'.",
      },
    );
  });
});
