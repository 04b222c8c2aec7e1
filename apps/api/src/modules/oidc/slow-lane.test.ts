// The slow lane of refused sign-in attempts (ADR 0042, addendum 2), on fake timers and fake
// connections: when answers are written and when connections are read again.
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlowLane, type SlowLaneOptions } from './slow-lane.js';

class FakeSocket extends EventEmitter {
  paused = false;
  destroyed = false;
  bytesRead = 0;
  pause(): void {
    this.paused = true;
  }
  resume(): void {
    this.paused = false;
  }
  close(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

const DELAY = 1000;
const PACE = 5;

function lane(options: Partial<SlowLaneOptions> = {}): SlowLane {
  return new SlowLane({
    delayMs: DELAY,
    paceMs: PACE,
    maxHeld: 100,
    now: () => Date.now(),
    random: () => 0, // the shortest wait: half the delay
    ...options,
  });
}

describe('the slow lane of refused sign-in attempts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a refused attempt after half to one and a half times the delay, not before', () => {
    for (const [random, wait] of [
      [0, 500],
      [0.999, 1499],
    ] as const) {
      const l = lane({ random: () => random });
      const answer = vi.fn();
      l.hold(new FakeSocket(), answer);
      vi.advanceTimersByTime(wait - 1);
      expect(answer).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(answer).toHaveBeenCalledTimes(1);
      l.close();
    }
  });

  it('does not read the connection while its answer waits, nor for the delay after it', () => {
    const l = lane();
    const socket = new FakeSocket();
    l.hold(socket, () => undefined);
    expect(socket.paused).toBe(true);
    vi.advanceTimersByTime(500); // answered
    vi.advanceTimersByTime(DELAY - 1);
    expect(socket.paused).toBe(true);
    vi.advanceTimersByTime(PACE + 1);
    expect(socket.paused).toBe(false);
    l.close();
  });

  it('lets resting connections take turns, one per pace; one that sent nothing goes to the back', () => {
    const l = lane();
    const [a, b, c] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const socket of [a, b, c]) l.rest(socket);
    expect([a.paused, b.paused, c.paused]).toEqual([true, true, true]);

    vi.advanceTimersByTime(DELAY);
    expect([a.paused, b.paused, c.paused]).toEqual([false, true, true]);
    // a sends its next request during its turn: it has left the lane.
    a.bytesRead += 300;
    vi.advanceTimersByTime(PACE);
    expect([a.paused, b.paused, c.paused]).toEqual([false, false, true]);
    // b sends nothing: paused again, behind c.
    vi.advanceTimersByTime(PACE);
    expect([a.paused, b.paused, c.paused]).toEqual([false, true, false]);
    vi.advanceTimersByTime(PACE);
    expect([b.paused, c.paused]).toEqual([false, true]);
    expect(l.size.resting).toBe(1);
    l.close();
    expect(c.paused).toBe(false);
  });

  it('gives a connection one place in line, however often it is rested', () => {
    const l = lane();
    const socket = new FakeSocket();
    l.hold(socket, () => undefined);
    l.rest(socket); // its answer's own rest, from the route's onResponse hook
    vi.advanceTimersByTime(500);
    l.rest(socket);
    expect(l.size).toEqual({ waiting: 0, resting: 1 });
    vi.advanceTimersByTime(DELAY);
    socket.bytesRead += 100; // it sent its next request during its turn: out of the lane
    vi.advanceTimersByTime(PACE);
    expect(l.size.resting).toBe(0);
    l.rest(socket); // its next answer: back in line, once
    expect(l.size.resting).toBe(1);
    l.close();
  });

  it('neither answers nor gives a turn to a connection that closed', () => {
    const l = lane();
    const gone = new FakeSocket();
    const answer = vi.fn();
    l.hold(gone, answer);
    gone.close();
    vi.advanceTimersByTime(2000);
    expect(answer).not.toHaveBeenCalled();
    expect(l.size).toEqual({ waiting: 0, resting: 0 });

    const resting = new FakeSocket();
    const next = new FakeSocket();
    l.rest(resting);
    l.rest(next);
    resting.close();
    vi.advanceTimersByTime(DELAY);
    expect(next.paused).toBe(false); // the closed one's turn went to the next at once
    l.close();
  });

  it('answers at once when it is off, full, closing, or there is no connection', () => {
    const off = lane({ delayMs: 0 });
    const socket = new FakeSocket();
    const answer = vi.fn();
    off.hold(socket, answer);
    expect(answer).toHaveBeenCalledTimes(1);
    expect(socket.paused).toBe(false);

    const full = lane({ maxHeld: 1 });
    full.hold(new FakeSocket(), () => undefined);
    const second = vi.fn();
    full.hold(new FakeSocket(), second);
    expect(second).toHaveBeenCalledTimes(1);

    const l = lane();
    const noSocket = vi.fn();
    l.hold(undefined, noSocket);
    expect(noSocket).toHaveBeenCalledTimes(1);
    full.close();
    l.close();
  });

  it('on close, answers what waits and reads every resting connection again, then stays off', () => {
    const l = lane();
    const waiting = new FakeSocket();
    const resting = new FakeSocket();
    const answer = vi.fn();
    l.hold(waiting, answer);
    l.rest(resting);
    l.close();
    expect(answer).toHaveBeenCalledTimes(1);
    expect(resting.paused).toBe(false);
    const later = vi.fn();
    l.hold(new FakeSocket(), later);
    expect(later).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it('still waits before answering a connection it cannot pause (an injected request), and rests nothing', () => {
    const l = lane();
    const injected = Object.assign(new EventEmitter(), { destroyed: false });
    const answer = vi.fn();
    l.hold(injected, answer);
    vi.advanceTimersByTime(499);
    expect(answer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(answer).toHaveBeenCalledTimes(1);
    expect(l.size).toEqual({ waiting: 0, resting: 0 });
  });
});
