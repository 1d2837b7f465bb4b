import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const ANCHOR_SCROLL_DELAY_MS = 100;

/** Spec §2: an anchor scrolls smoothly into view after 100 ms; any other navigation goes to the top. */
export function ScrollManager() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const timer = setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, search, hash]);
  return null;
}
