// Starts the app once the browser has painted the server's copy of the page (ADR 0057).
// Only on pages the server paints: their first HTML carries this script instead of the app's
// module scripts, so the styles and the first images take the connections first and the copy
// is on screen before any of the app's code runs (a module script would run as soon as parsing
// ends, often before the first frame, and the app's first render is one long task). After the
// next frame it asks for every chunk side by side (modulepreload, a few per task) and imports
// the entry. A hidden tab paints no frames: it starts after a short wait instead. The first
// screen's pictures are waited for first (below). A classic script that the server writes into
// the painted page (ADR 0077), its hash in that page's Content-Security-Policy: it reads its own
// data attributes, and must hold nothing that would end its element or open an HTML comment.
// The page's data (what the app hydrates from) is not in the page: only its digest. It is asked
// for with the app's code, after the pictures, and written into the page's data block before
// the app starts (ADR 0075, session 33 addendum).
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ');
  var stateUrl = script.getAttribute('data-state-url');
  var stateBlock = document.getElementById(script.getAttribute('data-state-id') || '');
  // Never longer than this for the data: without it the app renders the page anew.
  var STATE_WAIT_MS = 5000;
  var stateIn = false;
  var afterState = null;
  function stateSettled() {
    if (stateIn) return;
    stateIn = true;
    if (afterState) afterState();
  }
  // The data the page was painted from, when its digest is the page's (else the data changed
  // since, and the app renders anew: the block stays empty).
  function askForState() {
    var digest = null;
    try {
      digest = stateBlock && JSON.parse(stateBlock.textContent || 'null').digest;
    } catch {
      digest = null;
    }
    if (stateBlock) stateBlock.textContent = '';
    if (!stateUrl || !digest || typeof fetch !== 'function') return stateSettled();
    setTimeout(stateSettled, STATE_WAIT_MS);
    fetch(stateUrl + '?path=' + encodeURIComponent(location.pathname), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (answer) {
        if (!stateIn && answer && answer.digest === digest && answer.state) {
          stateBlock.textContent = JSON.stringify(answer.state);
        }
      })
      .then(stateSettled, stateSettled);
  }
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
      afterState = function () {
        void import(entry);
      };
      if (stateIn) afterState();
    }
  }
  function start() {
    if (started) return;
    started = true;
    addSome();
  }
  function afterFrame() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 100);
  }
  // The first screen's pictures (fetchpriority="high") come first: the app's code asks for
  // the connections and the main thread only once they are in and painted, so they never wait
  // behind a script on a slow phone (issue 36). Never more than IMAGE_WAIT_MS, so a picture
  // that hangs does not hold the app back.
  var IMAGE_WAIT_MS = 2000;
  var painted = document.getElementById('root');
  var images = painted ? painted.querySelectorAll('img[fetchpriority="high"]') : [];
  var waiting = 0;
  var released = false;
  function release() {
    if (released) return;
    released = true;
    askForState();
    afterFrame();
  }
  function oneDone() {
    waiting -= 1;
    if (waiting <= 0) release();
  }
  for (var i = 0; i < images.length; i++) {
    var image = images[i];
    if (image.complete) continue;
    waiting += 1;
    image.addEventListener('load', oneDone, { once: true });
    image.addEventListener('error', oneDone, { once: true });
  }
  if (waiting === 0) release();
  else setTimeout(release, IMAGE_WAIT_MS);
})();
