/** Validation libraries would be a fifth of the page's JavaScript: load on first use (focus). */
export function lazyModule<Module>(importer: () => Promise<Module>) {
  let loaded: Module | undefined;
  let pending: Promise<Module> | undefined;
  function load(): Promise<Module> {
    pending ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed download (offline, a new deploy) may succeed on the next try.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  }
  return {
    load,
    prefetch(): void {
      load().catch(() => {});
    },
    current(): Module | undefined {
      return loaded;
    },
  };
}
