export class Lru<Key, Value> {
  readonly #entries = new Map<Key, Value>();
  #newest: Key | undefined;

  constructor(readonly capacity: number) {}

  get(key: Key): Value | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined && key !== this.#newest) {
      // Most recently used goes last.
      this.#entries.delete(key);
      this.#entries.set(key, value);
      this.#newest = key;
    }
    return value;
  }

  set(key: Key, value: Value): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) {
      this.#entries.delete(this.#entries.keys().next().value as Key);
    }
    this.#entries.set(key, value);
    this.#newest = key;
  }

  clear(): void {
    this.#entries.clear();
    this.#newest = undefined;
  }

  get size(): number {
    return this.#entries.size;
  }
}
