import { describe, expect, it } from 'vitest';
import { SseParser } from '../../../admin/providers/sse';

describe('the server-sent-events reader', () => {
  it('reads events split across chunks, skips heartbeat comments and reads the retry advice', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 3000\n\n: heartbeat\n\nevent: notifications\nda')).toEqual([{ kind: 'retry', ms: 3000 }]);
    expect(parser.push('ta: {"type":"notifications","unread":2}\n\n')).toEqual([
      { kind: 'event', event: 'notifications', data: '{"type":"notifications","unread":2}' },
    ]);
  });

  it('joins data lines, accepts CRLF and ignores a malformed retry', () => {
    const parser = new SseParser();
    expect(parser.push('data: a\r\ndata: b\r\nretry: soon\r\n\r\n')).toEqual([{ kind: 'event', event: 'message', data: 'a\nb' }]);
  });
});
