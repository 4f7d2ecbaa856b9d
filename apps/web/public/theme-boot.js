/* global window, document */
/* Runs before first paint: applies the stored theme (key otakura.theme, default dark) to <html>.
   Kept in sync with src/lib/theme.tsx; src/lib/theme.test.tsx runs this file. */
(function () {
  var theme = 'dark';
  try {
    var stored = window.localStorage.getItem('otakura.theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
  } catch {
    /* storage blocked: keep the default */
  }
  document.documentElement.setAttribute('data-theme', theme);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'light' ? '#f7f7fb' : '#0e1016');
})();
