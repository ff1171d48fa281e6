import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalogue } from './i18n/i18n.ts';
import { localeFromPath } from './lib/locale.ts';

// The texts of the page's language must be there before hydrating (the markup uses them).
try {
  await loadCatalogue(localeFromPath(window.location.pathname));
} catch (error) {
  console.error(error);
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
