// Starts the app once the browser has painted the server's copy of the page (ADR 0057).
// Only on pages the server paints: their first HTML carries this script instead of the app's
// module scripts, so the styles and the first images take the connections first and the copy
// is on screen before any of the app's code runs (a module script would run as soon as parsing
// ends, often before the first frame, and the app's first render is one long task). After the
// next frame it asks for every chunk side by side (modulepreload, a few per task) and imports
// the entry. A hidden tab paints no frames: it starts after a short wait instead. A classic
// script, so that it may read its own data attributes under `script-src 'self'`.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ');
  // Each modulepreload link costs a slow phone about 2 ms to add (issue 25): a few per task,
  // so that the twenty-odd chunks never make one long task while the copy is on screen.
  var PER_TASK = 6;
  var next = 0;
  var started = false;
  var channel = new MessageChannel();
  channel.port1.onmessage = addSome;
  function addSome() {
    var end = Math.min(next + PER_TASK, preloads.length);
    for (; next < end; next++) {
      if (!preloads[next]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[next];
      document.head.appendChild(link);
    }
    if (next < preloads.length) channel.port2.postMessage(null);
    else {
      channel.port1.close();
      void import(entry);
    }
  }
  function start() {
    if (started) return;
    started = true;
    addSome();
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 100);
})();
