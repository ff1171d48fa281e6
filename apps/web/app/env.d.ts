/** Replaced at build time by vite.config.ts (`define`). */
declare const __BRAND_NAME__: string;
declare const __BUILD_ID__: string;
declare const __SITE_URL__: string;
