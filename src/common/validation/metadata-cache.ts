import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;

const cached = new WeakSet<MetadataStorage>();

/**
 * class-validator resolves a class's rules on every validate() call by testing the class against
 * every decorated class of the app (`prototype instanceof`, ~100 DTOs here), though they cannot
 * change once its module is loaded: its decorators, and its parents', ran when it was defined.
 * Upstream, typestack/class-validator#2686 (open); twenty memoizes the same lookup. The pipe
 * validates each request's params, query and body, so the lookup is remembered per class and
 * options, for calls without groups (the only ones this app makes); the arrays are only read.
 */
export function cacheTargetValidationMetadatas(storage: MetadataStorage = getMetadataStorage()): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const byTarget = new WeakMap<object, Map<string, Rules>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups?.length || typeof target !== 'function') return lookup(target, schema, always, strictGroups, groups);
    const options = `${schema}\0${always}\0${strictGroups}`;
    let forTarget = byTarget.get(target);
    if (!forTarget) byTarget.set(target, (forTarget = new Map<string, Rules>()));
    let rules = forTarget.get(options);
    if (!rules) forTarget.set(options, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
}
