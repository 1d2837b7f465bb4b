import { fullName } from '../stores/userStore';
import type { User } from '../types/api';

/** Chatwoot's website SDK (open source, self-hostable): only the calls the console uses. */
interface ChatwootApi {
  setUser(identifier: string, attributes: { name?: string; email?: string; avatar_url?: string }): void;
}
interface ChatwootSdk {
  run(options: { websiteToken: string; baseUrl: string }): void;
}
declare global {
  interface Window {
    $chatwoot?: ChatwootApi;
    chatwootSDK?: ChatwootSdk;
  }
}

export const IDENTIFY_RETRY_MS = 1000;

export interface ChatConfig {
  baseUrl: string;
  websiteToken: string;
}

/** The widget is loaded only when both VITE_CHAT_URL and VITE_CHAT_WEBSITE_TOKEN are set. */
export function chatConfig(
  env: { VITE_CHAT_URL?: string; VITE_CHAT_WEBSITE_TOKEN?: string } = {
    VITE_CHAT_URL: import.meta.env.VITE_CHAT_URL,
    VITE_CHAT_WEBSITE_TOKEN: import.meta.env.VITE_CHAT_WEBSITE_TOKEN,
  },
): ChatConfig | null {
  const baseUrl = env.VITE_CHAT_URL?.replace(/\/$/, '');
  const websiteToken = env.VITE_CHAT_WEBSITE_TOKEN;
  return baseUrl && websiteToken ? { baseUrl, websiteToken } : null;
}

/** Adds the widget's script once; nothing is contacted unless the chat is configured. */
export function loadChatWidget(config: ChatConfig): void {
  if (document.getElementById('support-chat-sdk')) return;
  const script = document.createElement('script');
  script.id = 'support-chat-sdk';
  script.src = `${config.baseUrl}/packs/js/sdk.js`;
  script.async = true;
  script.onload = () => {
    try {
      window.chatwootSDK?.run({ websiteToken: config.websiteToken, baseUrl: config.baseUrl });
    } catch (error) {
      console.error('Support chat could not start', error);
    }
  };
  script.onerror = (event) => console.error('Support chat script failed to load', event);
  document.head.appendChild(script);
}

/**
 * Identifies the user to the widget (id, full name, first email), retrying every second until the
 * widget exists (spec §1). Errors are only logged. Returns a function that stops the retries.
 */
export function identifyUser(user: User): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    const chat = window.$chatwoot;
    if (!chat) {
      timer = setTimeout(attempt, IDENTIFY_RETRY_MS);
      return;
    }
    try {
      chat.setUser(user.id, { name: fullName(user) || undefined, email: user.emails[0] });
    } catch (error) {
      console.error('Support chat identification failed', error);
    }
  };
  attempt();
  return () => clearTimeout(timer);
}
