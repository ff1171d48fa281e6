/**
 * The API's entry point. Node keeps what it compiles of each module (our TypeScript with its
 * types stripped, and the packages) in its compile cache, checked against each file's content,
 * so that a restart does not compile them again: about 0.3-0.4 s of a start measured here. Then
 * main.ts starts the server. NODE_COMPILE_CACHE names the cache's folder (default: a folder in
 * the OS's temporary directory); NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import module from 'node:module';

module.enableCompileCache?.();
await import('./main.ts');
