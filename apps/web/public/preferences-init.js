// Runs before the app loads: applies the saved theme and language so the first paint is right.
// It reads the same local-storage entry as src/features/preferences/stores/preferences-store.ts.
(function () {
  var prefs = {};
  try {
    prefs = (JSON.parse(localStorage.getItem('openmat-preferences') || '{}') || {}).state || {};
  } catch (e) {
    prefs = {};
  }
  var root = document.documentElement;
  var theme = prefs.theme === 'dark' || prefs.theme === 'light' ? prefs.theme : 'system';
  var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  var language = prefs.language === 'en' || prefs.language === 'pl' ? prefs.language : 'system';
  if (language === 'system') language = /^pl/i.test(navigator.language || '') ? 'pl' : 'en';
  root.classList.add(language);
  root.lang = language;
})();
