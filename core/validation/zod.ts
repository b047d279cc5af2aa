import { z } from "zod";

// Pages are served with a Content-Security-Policy that has no 'unsafe-eval'. zod probes for
// `new Function` before compiling object schemas, and the browser reports that probe as a CSP
// violation (Lighthouse's best-practices audit counts it) even though zod catches the error.
// Interpreting instead of compiling costs nothing that matters for forms this size.
z.config({ jitless: true });

/** zod, configured for this project: import `z` from here, not from "zod". */
export { z };
