/** One Server-Sent Event as a client sees it; comment lines are kept apart. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  contentType: string | null;
  events: SseEvent[];
  comments: string[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream: 'ended' cleanly, or the error that broke it. */
  ended: Promise<'ended' | Error>;
  close(): void;
}

/**
 * A minimal reader of a text/event-stream over fetch for tests (the API's streams, ADR 0054):
 * it parses the `event:`, `id:` and `data:` fields the server writes and nothing more.
 */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiting = new Set<() => void>();
  let over = false;
  const parse = (block: string) => {
    const event: SseEvent = { event: 'message', id: undefined, data: '', at: performance.now() };
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      const [, field, value = ''] = /^([a-z-]+): ?(.*)$/.exec(line) ?? [];
      if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'data') event.data += value;
      isEvent ||= field === 'data';
    }
    if (isEvent) events.push(event);
    for (const wake of waiting) wake();
  };
  const ended = (async (): Promise<'ended' | Error> => {
    if (!response.body) {
      over = true;
      return 'ended';
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended';
        buffer += value;
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          parse(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
        }
      }
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    } finally {
      over = true;
      for (const wake of waiting) wake();
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    comments,
    ended,
    close: () => controller.abort(),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found || over) {
            waiting.delete(check);
            clearTimeout(timer);
            if (found) resolve(found);
            else reject(new Error('the stream ended without that event'));
          }
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no such event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
  };
}
