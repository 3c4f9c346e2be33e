import i18next, { type i18n, type Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './languages';

/**
 * One i18next instance. In the browser the translations come from
 * /localization/{lng}/translation.json; tests pass the resources in directly.
 */
export async function createI18n(language: Language, resources?: Resource): Promise<i18n> {
  const instance = i18next.createInstance();
  if (!resources) instance.use(HttpBackend);
  instance.use(initReactI18next);
  await instance.init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    ...(resources ? { resources } : { backend: { loadPath: '/localization/{{lng}}/translation.json' } }),
  });
  return instance;
}
