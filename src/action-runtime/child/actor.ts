// The actor of api.authentication.setActor(actor), checked as Auth0 documents it: a `sub` at every
// level, a delegation chain of at most 5 actors (the root and 4 nested `act`), and at most 5 more
// properties per level, each a string, a number or a boolean. The messages are ours.

/** One level of the `act` claim (RFC 8693 §4.1). */
export interface Actor {
  sub: string;
  act?: Actor;
  [claim: string]: string | number | boolean | Actor | undefined;
}

const MAX_ACTORS = 5;
const MAX_CUSTOM_PROPERTIES = 5;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A checked copy of `value`, or a TypeError saying what is wrong with it. Used in the action and again by the service. */
export function checkActor(value: unknown, path = 'actor', depth = 1): Actor {
  if (!isObject(value)) throw new TypeError(`${path} must be an object`);
  if (depth > MAX_ACTORS) throw new TypeError(`actor may nest at most ${MAX_ACTORS} actors (${MAX_ACTORS - 1} act levels below the root)`);
  const { sub, act, ...custom } = value;
  if (typeof sub !== 'string' || sub.length === 0) throw new TypeError(`${path}.sub must be a non-empty string`);
  const names = Object.keys(custom);
  if (names.length > MAX_CUSTOM_PROPERTIES)
    throw new TypeError(`${path} may have at most ${MAX_CUSTOM_PROPERTIES} properties besides sub and act`);
  const actor: Actor = { sub };
  for (const name of names) {
    const claim = custom[name];
    if (!['string', 'number', 'boolean'].includes(typeof claim) || (typeof claim === 'number' && !Number.isFinite(claim)))
      throw new TypeError(`${path}.${name} must be a string, a number or a boolean`);
    actor[name] = claim as string | number | boolean;
  }
  if (act !== undefined) actor.act = checkActor(act, `${path}.act`, depth + 1);
  return actor;
}
