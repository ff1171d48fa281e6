import 'i18next';
import type enUS from '../locales/en-US.json';

// Keys are typed from the English catalogue: `t('missing.key')` does not compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
    defaultVariables: { brand: string };
  }
}
