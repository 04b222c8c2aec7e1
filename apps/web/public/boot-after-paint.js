// Starts the app once the browser has painted the server's copy of the page (ADR 0061).
// Only on pages the server paints: the copy is then on screen before any of the app's code
// runs (a module script would run as soon as parsing ends, often before that first frame,
// and its first render is one long task). The code itself is already being fetched
// (modulepreload); this only chooses when it runs. A hidden tab paints no frames: it starts
// after a short wait instead. A classic script, so that it may read its own data-entry.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(entry);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 100);
})();
