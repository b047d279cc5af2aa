import { z } from "zod";

// The pages' CSP has no 'unsafe-eval': zod's `new Function` probe would be reported as a violation.
z.config({ jitless: true });

/** zod, configured for this project: import `z` from here, not from "zod". */
export { z };
