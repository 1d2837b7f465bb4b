import { createRoot, type Root } from 'react-dom/client';
import type { EmotionCache } from '@emotion/react';
import { createStyleCache } from './common/styleCache';

let page: { root: Root; styleCache: EmotionCache } | undefined;

/**
 * The page's one React root and style cache, shared by the sign-in entry and the console (which
 * takes over the same root after sign-in). Created by whichever renders first, so main.tsx stays
 * free of React and the browser fetches an entry and React side by side.
 */
export function pageRoot(): { root: Root; styleCache: EmotionCache } {
  if (page) return page;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks the #root element');
  page = { root: createRoot(container), styleCache: createStyleCache() };
  return page;
}
