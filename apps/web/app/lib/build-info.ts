/**
 * Values fixed at build time (vite `define`); the fallbacks apply where the code runs unbuilt
 * (unit tests).
 */
export const BRAND: string = typeof __BRAND_NAME__ === 'string' ? __BRAND_NAME__ : 'Permuta';
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';
/**
 * Public origin for absolute URLs (canonical, hreflang, social previews): PUBLIC_URL or SITE_URL at
 * build time; '' unbuilt.
 */
export const SITE_URL: string = typeof __SITE_URL__ === 'string' ? __SITE_URL__ : '';
