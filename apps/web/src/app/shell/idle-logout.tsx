import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import type { IdleWarningProps } from './idle-warning.js';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { getConfig } from '../../config/runtime-config.js';
import {
  idleRemainingMs,
  LAST_ACTIVITY_KEY,
  recordActivity,
  rememberIdleReturnPath,
  warningMsFor,
} from '../../lib/auth/idle.js';

/** How often the shared clock is checked, and how rarely activity is written to storage. */
const TICK_MS = 1000;
const ACTIVITY_WRITE_MS = 5000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'];

/** The warning's code is fetched this long before it is due, so it is there when it is. */
const PRELOAD_BEFORE_WARNING_MS = 120_000;

type WarningLoader = () => Promise<{ IdleWarning: ComponentType<IdleWarningProps> }>;

/** The warning's lazily loaded component and the fetch that warms it up ahead of time. */
export interface IdleWarningCode {
  Component: ComponentType<IdleWarningProps>;
  preload: () => Promise<unknown>;
}

/**
 * The warning shows after half an hour at the soonest: its code is no part of the first
 * screen. Should it not load (offline, or a release has replaced its file), there is no
 * warning, but the clock runs on and the sign-out still comes: a failed import must not
 * take the idle sign-out down with it.
 */
export function idleWarningCode(load: WarningLoader): IdleWarningCode {
  return {
    Component: lazy<ComponentType<IdleWarningProps>>(() =>
      load()
        .then((module) => ({ default: module.IdleWarning }))
        .catch((error: unknown) => {
          console.warn('The idle warning could not be loaded', error);
          return { default: () => null };
        }),
    ),
    preload: load,
  };
}

const appWarning = idleWarningCode(() => import('./idle-warning.js'));

/**
 * Idle sign-out (issue 11; ADR 0020): after `idleTimeoutMinutes` (config.json,
 * IDLE_TIMEOUT_MINUTES) without activity in any tab, a warning dialog counts down the last
 * minute. "Stay signed in" (or Escape) counts as activity; otherwise the user is signed out
 * and the path and query they were on are kept for their next sign-in. Mounted only while
 * signed in.
 */
export function IdleLogout({
  warning: warningCode = appWarning,
}: {
  /** The warning's code (a test gives one whose load fails). */
  warning?: IdleWarningCode;
} = {}) {
  const timeoutMs = getConfig().idleTimeoutMinutes * 60_000;
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const warning = secondsLeft !== null;
  const warningRef = useRef(false);
  useEffect(() => {
    warningRef.current = warning;
  }, [warning]);

  useEffect(() => {
    if (timeoutMs <= 0) return undefined;
    const startedAt = Date.now();
    // In a task of its own: a page's first write to local storage costs a slow phone about
    // 8 ms, and this effect runs in the one task with every other effect of the first screen
    // (issue 25). Until then the clock counts from startedAt anyway.
    const firstWrite = setTimeout(() => recordActivity(startedAt), 0);
    const warningMs = warningMsFor(timeoutMs);
    let lastWrite = startedAt;
    let signedOut = false;

    const tick = () => {
      if (signedOut) return;
      const remaining = idleRemainingMs(timeoutMs, startedAt);
      if (remaining <= 0) {
        signedOut = true;
        setSecondsLeft(null);
        // The router uses the browser's history: this is the page the user is on.
        rememberIdleReturnPath(`${window.location.pathname}${window.location.search}`);
        void navigate(paths.logout());
      } else if (remaining <= warningMs) {
        setSecondsLeft(Math.ceil(remaining / 1000));
      } else {
        if (remaining <= warningMs + PRELOAD_BEFORE_WARNING_MS)
          void warningCode.preload().catch(() => undefined);
        setSecondsLeft(null);
      }
    };
    // Activity in this tab; while the warning is up only its buttons count.
    const onActivity = () => {
      if (warningRef.current) return;
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_WRITE_MS) return;
      lastWrite = now;
      recordActivity(now);
    };
    // Activity in another tab: react at once instead of on the next tick.
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) tick();
    };

    const timer = setInterval(tick, TICK_MS);
    for (const type of ACTIVITY_EVENTS) {
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(firstWrite);
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) {
        document.removeEventListener(type, onActivity, { capture: true });
      }
      window.removeEventListener('storage', onStorage);
    };
  }, [timeoutMs, navigate, warningCode]);

  const stay = () => {
    recordActivity();
    setSecondsLeft(null);
  };
  const signOutNow = () => {
    setSecondsLeft(null);
    void navigate(paths.logout());
  };

  if (secondsLeft === null) return null;
  return (
    <Suspense fallback={null}>
      <warningCode.Component secondsLeft={secondsLeft} onStay={stay} onSignOut={signOutNow} />
    </Suspense>
  );
}
