/**
 * A module fetched on first use instead of with the page: `load()` starts (or reuses) the
 * download, `current()` is the module once it has arrived. Used for the form rules, whose
 * validation library would otherwise be a fifth of the page's JavaScript. Start the load when a
 * visitor focuses the form, so it is there by the time they submit.
 */
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
    /** Starts the download without waiting; a failure is left for the next `load()`. */
    prefetch(): void {
      load().catch(() => {});
    },
    current(): Module | undefined {
      return loaded;
    },
  };
}
