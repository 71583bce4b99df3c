/**
 * A Map that holds at most `capacity` entries, for in-process caches: setting a new key when full
 * drops the oldest entry (a Map iterates in insertion order), so memory stays bounded whatever
 * callers present.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.capacity && !this.has(key)) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
