import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from '@permuta/contracts/routes';

export default {
  appDirectory: 'app',
  ssr: false,
  // The public pages in both locales; every other path hydrates from __spa-fallback.html.
  prerender: prerenderPaths(),
} satisfies Config;
