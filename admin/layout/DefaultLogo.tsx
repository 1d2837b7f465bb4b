/** The product's own mark, shown when the tenant has no logo_url. */
export function DefaultLogo({ title }: { title: string }) {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" role="img" aria-label={title} data-testid="default-logo">
      <title>{title}</title>
      <circle cx="16" cy="16" r="15" fill="currentColor" opacity="0.15" />
      <circle cx="16" cy="20" r="3" fill="currentColor" />
      <path d="M9 13a10 10 0 0 1 14 0M5.5 9.5a15 15 0 0 1 21 0" stroke="currentColor" strokeWidth="2.2" fill="none" strokeLinecap="round" />
    </svg>
  );
}
