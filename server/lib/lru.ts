export class Lru<Key, Value> {
  readonly #entries = new Map<Key, Value>();

  constructor(readonly capacity: number) {}

  get(key: Key): Value | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Most recently used goes last.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: Key, value: Value): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) {
      this.#entries.delete(this.#entries.keys().next().value as Key);
    }
    this.#entries.set(key, value);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
