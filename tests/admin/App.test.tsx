import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../admin/App';

describe('console entry', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the backend version once the API answers', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ name: 'lora-console-server', version: '1.2.3' }))));
    render(<App />);
    expect(screen.getByText('Backend: …')).toBeInTheDocument();
    expect(await screen.findByText('Backend: 1.2.3')).toBeInTheDocument();
  });

  it('says the backend is unavailable when the API does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('down', { status: 502 })));
    render(<App />);
    expect(await screen.findByText('Backend: Backend Unavailable')).toBeInTheDocument();
  });
});
