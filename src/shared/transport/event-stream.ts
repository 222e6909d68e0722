/**
 * Server-sent events (text/event-stream, as the HTML standard parses them) read from a body that comes
 * in pieces: `data` lines joined by '\n', `event` (default 'message'), `id`, `retry`; comment lines
 * (':' — heartbeats) and events without data are dropped. Pure: the transport feeds it text.
 */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
  retry: number | undefined;
}

export class EventStreamParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private retry: number | undefined;

  /** Takes the next piece of the body; answers the events it completed. */
  push(text: string): ServerSentEvent[] {
    this.buffer += text;
    const done: ServerSentEvent[] = [];
    let match: RegExpExecArray | null;
    const eol = /\r\n|\r|\n/g;
    let start = 0;
    while ((match = eol.exec(this.buffer))) {
      // A lone '\r' at the very end may be the first half of '\r\n': wait for the next piece.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      this.line(this.buffer.slice(start, match.index), done);
      start = match.index + match[0].length;
    }
    this.buffer = this.buffer.slice(start);
    return done;
  }

  private line(line: string, done: ServerSentEvent[]): void {
    if (line === '') {
      if (this.data.length > 0) done.push({ event: this.event || 'message', data: this.data.join('\n'), id: this.id, retry: this.retry });
      this.data = [];
      this.event = '';
      this.retry = undefined;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
  }
}
