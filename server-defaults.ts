/**
 * Imported first by server.ts, before anything that loads React or Express (ES modules evaluate
 * in import order): an operator who forgets NODE_ENV gets production behaviour — production
 * React, no development error pages — never a mix of the two.
 */
process.env.NODE_ENV ??= "production";
