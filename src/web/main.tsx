import '@fontsource-variable/manrope';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router.js';
import { applyLocaleToDocument, loadSavedLocale } from './features/language/language.js';
import { initialTheme, themeStore } from './features/theme/theme.js';
import { loadVisitorKey, startVisitor } from './features/visitor/visitor.js';
import { initI18n } from './i18n/i18n.js';
import { siteIdentity } from './shared/lib/site-data.js';

async function start() {
  const [locale] = await Promise.all([loadSavedLocale(), loadVisitorKey()]);
  await initI18n(locale, siteIdentity);
  applyLocaleToDocument(locale);
  themeStore.set(initialTheme());

  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
  void startVisitor({ locale, theme: themeStore.get() });
}

void start();
