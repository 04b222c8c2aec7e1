/** What the slow lane needs of a connection: net.Socket has it; light-my-request's has not. */
export interface LaneSocket {
  pause?: () => unknown;
  resume?: () => unknown;
  destroyed?: boolean;
  /** Bytes read so far: tells whether the connection sent anything during its turn. */
  bytesRead?: number;
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
}

export interface SlowLaneOptions {
  /**
   * The mean wait before a refused attempt is answered (jittered ±50 %), and the least time a
   * connection rests after its answer, in ms; 0 turns the lane off.
   */
  delayMs: number;
  /**
   * The length of a resting connection's turn: resting connections are read again one at a
   * time, each for paceMs (200 a second at 5 ms).
   */
  paceMs: number;
  /** At most this many answers wait, and as many connections rest; beyond that: at once. */
  maxHeld: number;
  /** Clock and randomness, replaceable in tests. */
  now?: () => number;
  random?: () => number;
}

interface Held {
  answer: () => void;
  timer: NodeJS.Timeout;
  forget: () => void;
}

interface Resting {
  socket: LaneSocket;
  notBefore: number;
}

/**
 * The slow lane of sign-in attempts made while the hash line is full (ADR 0042, addendum 2).
 *
 * - A refused attempt is answered after a jittered wait (0.5–1.5 × delayMs).
 * - After its answer, the connection of any attempt made while the line was full rests: its
 *   next request stays in the kernel's buffer for at least delayMs. Then resting connections
 *   take turns, in the order they came to rest: one at a time is read, for paceMs. One that
 *   sent something has left the lane; one that sent nothing goes to the back of the line.
 *
 * Why: a flood comes from clients that send their next attempt as soon as the last is
 * answered. Answered at once, 200 such connections made about 700 attempts a second, and
 * after each round they came back together, to be read, routed and answered in one stretch
 * of the event loop that signed-in calls queued behind. In the lane the same clients make a
 * fraction of the attempts, read at a steady pace however they send them: taking turns,
 * rather than resting for a while, because clients that rest together come back together.
 * Nothing here is state that matters: a restart or another instance just answers sooner. A
 * person refused during a flood (the page says to wait a few seconds anyway) sees the page
 * a second later.
 */
export class SlowLane {
  private readonly waiting = new Set<Held>();
  private readonly resting: Resting[] = [];
  /** Connections held or resting: a second rest of the same one is no second place in line. */
  private readonly members = new WeakSet<LaneSocket>();
  private pacer: NodeJS.Timeout | undefined;
  /** The connection whose turn it is, and its bytes read when the turn began. */
  private turn: { socket: LaneSocket; bytesRead: number | undefined } | undefined;
  private open = true;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: SlowLaneOptions) {
    this.now = options.now ?? (() => performance.now());
    this.random = options.random ?? Math.random;
  }

  /** Answers waiting, and connections resting, now. */
  get size(): { waiting: number; resting: number } {
    return { waiting: this.waiting.size, resting: this.resting.length };
  }

  /**
   * Calls `answer` (which writes the refusal) after the lane's wait, then rests `socket`.
   * At once when the lane is off, full or closing, or there is no socket to hold.
   */
  hold(socket: LaneSocket | undefined, answer: () => void): void {
    if (!this.usable(socket) || this.waiting.size >= this.options.maxHeld) {
      answer();
      return;
    }
    // Not read meanwhile: a pipelined next attempt waits in the kernel, not on the loop.
    socket.pause?.();
    this.members.add(socket);
    const entry: Held = {
      answer,
      forget: () => {
        clearTimeout(entry.timer);
        this.waiting.delete(entry);
      },
      timer: setTimeout(
        () => {
          this.waiting.delete(entry);
          socket.off('close', entry.forget);
          answer();
          this.enqueue(socket);
        },
        this.options.delayMs * (0.5 + this.random()),
      ),
    };
    this.waiting.add(entry);
    // A client that went away is not answered; its entry goes with it.
    socket.once('close', entry.forget);
  }

  /** Rests the connection of an attempt that was answered while the line was full. */
  rest(socket: LaneSocket | undefined): void {
    if (!this.usable(socket) || !socket.pause || this.members.has(socket)) return;
    socket.pause();
    this.members.add(socket);
    this.enqueue(socket);
  }

  /** Answers everything waiting now and reads every resting connection again; then stays off. */
  close(): void {
    this.open = false;
    clearTimeout(this.pacer);
    this.pacer = undefined;
    for (const entry of [...this.waiting]) {
      entry.forget();
      entry.answer();
    }
    this.turn = undefined;
    for (const { socket } of this.resting.splice(0)) {
      this.members.delete(socket);
      if (!socket.destroyed) socket.resume?.();
    }
  }

  private usable(socket: LaneSocket | undefined): socket is LaneSocket {
    return this.open && this.options.delayMs > 0 && socket !== undefined && !socket.destroyed;
  }

  private enqueue(socket: LaneSocket): void {
    if (!socket.resume || socket.destroyed) {
      this.members.delete(socket);
      return;
    }
    if (!this.open || this.resting.length >= this.options.maxHeld) {
      this.members.delete(socket);
      socket.resume();
      return;
    }
    this.resting.push({ socket, notBefore: this.now() + this.options.delayMs });
    this.schedule();
  }

  private schedule(): void {
    if (this.pacer || (this.resting.length === 0 && !this.turn)) return;
    const first = this.resting[0];
    const wait = Math.max(this.options.paceMs, first ? first.notBefore - this.now() : 0);
    this.pacer = setTimeout(this.tick, this.turn ? this.options.paceMs : wait);
  }

  private readonly tick = (): void => {
    this.pacer = undefined;
    const turn = this.turn;
    this.turn = undefined;
    // Nothing came during its turn: back of the line (a request that came has left the lane;
    // its answer may bring it back).
    if (turn && !turn.socket.destroyed && turn.socket.bytesRead === turn.bytesRead) {
      turn.socket.pause?.();
      this.resting.push({ socket: turn.socket, notBefore: this.now() });
    } else if (turn) {
      this.members.delete(turn.socket);
    }
    // Closed connections need no turn.
    while (this.resting[0]?.socket.destroyed) this.resting.shift();
    const first = this.resting[0];
    if (first && first.notBefore <= this.now()) {
      this.resting.shift();
      this.turn = { socket: first.socket, bytesRead: first.socket.bytesRead };
      first.socket.resume?.();
    }
    this.schedule();
  };
}
