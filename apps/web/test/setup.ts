import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { setRetryBaseDelayForTests } from '../src/app/providers.js';
import { resetSessionForTests } from '../src/lib/auth/session.js';

// The test machine has 2 shared cores: give findBy/waitFor room beyond the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// A 5xx is retried twice, after 1 s and 2 s: 3 s per such case in a test that only looks at
// the page shown afterwards (ADR 0046: the suite's time).
setRetryBaseDelayForTests(10);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The files share one module graph (isolate: false, ADR 0073): each leaves the sign-in state
// as a new page has it.
afterAll(() => {
  resetSessionForTests();
  document.body.replaceChildren();
});
