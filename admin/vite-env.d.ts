/// <reference types="vite/client" />

// Build-time settings of the console (all optional; see README).
interface ImportMetaEnv {
  /** API origin when it differs from the console's (default: same origin). */
  readonly VITE_API_URL?: string;
  readonly VITE_PRODUCT_NAME?: string;
  /** Support chat (Chatwoot): base URL of the instance and the website inbox token. */
  readonly VITE_CHAT_URL?: string;
  readonly VITE_CHAT_WEBSITE_TOKEN?: string;
}
