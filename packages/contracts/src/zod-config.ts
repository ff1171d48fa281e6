import { z } from 'zod';

/**
 * In a browser the pages run under a Content-Security-Policy without 'unsafe-eval': zod must
 * neither compile its parsers with `new Function` nor probe whether it may (the probe itself is
 * reported as a policy violation). The API keeps the compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });
