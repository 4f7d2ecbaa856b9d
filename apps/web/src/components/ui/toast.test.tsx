import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('ToastProvider outside tests', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('renders no toast code until the first toast, then loads it and shows the toast', async () => {
    // A fresh module that does not preload the Radix part, as in the built app.
    vi.resetModules();
    vi.stubEnv('MODE', 'production');
    const { ToastProvider, useToast } = await import('./toast');

    function Trigger() {
      const { toast } = useToast();
      return <button onClick={() => toast({ title: 'Saved', variant: 'success' })}>save</button>;
    }
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('region')).toBeInTheDocument();
  });
});
