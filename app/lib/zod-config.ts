import { z } from "zod";

/**
 * zod compiles object parsers with `new Function` when it can. Our Content-Security-Policy
 * forbids eval (and so do Workers), so parse without it, everywhere, before any schema runs.
 */
z.config({ jitless: true });
