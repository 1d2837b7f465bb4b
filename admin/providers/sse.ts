/** One message of a text/event-stream: its `event:` name, its `data:` text; or the `retry:` it asks for. */
export type SseMessage = { kind: 'event'; event: string; data: string } | { kind: 'retry'; ms: number };

/**
 * Reads the server-sent-events format (WHATWG HTML §9.2) from chunks as they arrive: messages end
 * at a blank line, comment lines (`: heartbeat`) are skipped, data lines are joined. `push` answers
 * the messages complete so far and keeps the rest for the next chunk.
 */
export class SseParser {
  private buffer = '';

  push(chunk: string): SseMessage[] {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    const out: SseMessage[] = [];
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      const message = parseBlock(block);
      if (message) out.push(...message);
    }
    return out;
  }
}

function parseBlock(block: string): SseMessage[] {
  let event = 'message';
  const data: string[] = [];
  const out: SseMessage[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) out.push({ kind: 'retry', ms: Number(value) });
  }
  if (data.length > 0) out.push({ kind: 'event', event, data: data.join('\n') });
  return out;
}
