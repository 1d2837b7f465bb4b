import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatConfig, identifyUser, IDENTIFY_RETRY_MS } from '../../../admin/support/chat';
import { sampleUser } from '../helpers';

describe('support chat (spec §1)', () => {
  afterEach(() => {
    delete window.$chatwoot;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is configured only with both VITE_CHAT_ variables', () => {
    expect(chatConfig({})).toBeNull();
    expect(chatConfig({ VITE_CHAT_URL: 'https://chat.example.com/' })).toBeNull();
    expect(chatConfig({ VITE_CHAT_URL: 'https://chat.example.com/', VITE_CHAT_WEBSITE_TOKEN: 't' })).toEqual({
      baseUrl: 'https://chat.example.com',
      websiteToken: 't',
    });
  });

  it('retries every second until the widget exists, then identifies id, full name and first email', async () => {
    vi.useFakeTimers();
    const stop = identifyUser(sampleUser);
    await vi.advanceTimersByTimeAsync(IDENTIFY_RETRY_MS * 2);
    const setUser = vi.fn();
    window.$chatwoot = { setUser };
    expect(setUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDENTIFY_RETRY_MS);
    expect(setUser).toHaveBeenCalledWith('u1', { name: 'Ada Lovelace', email: 'ada@example.com' });
    stop();
  });

  it('only logs errors of the widget', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.$chatwoot = {
      setUser: () => {
        throw new Error('widget broke');
      },
    };
    expect(() => identifyUser(sampleUser)).not.toThrow();
    expect(error).toHaveBeenCalled();
  });
});
