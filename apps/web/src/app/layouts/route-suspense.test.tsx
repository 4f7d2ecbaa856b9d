import { act, render, screen } from '@testing-library/react';
import { lazy, useState, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteSuspense } from './route-suspense';

type PageModule = { default: () => ReactElement };

function Layout() {
  return (
    <main>
      <RouteSuspense fallback={<p>Loading page</p>} />
    </main>
  );
}

function setup() {
  let resolveSlow!: (module: PageModule) => void;
  const Slow = lazy(() => new Promise<PageModule>((resolve) => (resolveSlow = resolve)));
  let mounts = 0;
  function Community() {
    const { id } = useParams();
    // Counted once per mount (a state initialiser runs only then).
    useState(() => (mounts += 1));
    return <p>Community {id}</p>;
  }
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/home', element: <p>Home page</p> },
          { path: '/slow', element: <Slow /> },
          { path: '/community/:id', element: <Community /> },
        ],
      },
    ],
    { initialEntries: ['/home'] },
  );
  render(<RouterProvider router={router} />);
  return { router, resolveSlow: (m: PageModule) => resolveSlow(m), mounts: () => mounts };
}

describe('RouteSuspense', () => {
  it('shows the previous page at once when Back is pressed while the next one still loads', async () => {
    const { router, resolveSlow } = setup();
    await screen.findByText('Home page');
    await act(() => router.navigate('/slow'));
    await act(() => router.navigate(-1));
    expect(screen.getByText('Home page')).toBeInTheDocument();
    await act(async () => {
      resolveSlow({ default: () => <p>Slow page</p> });
      await Promise.resolve();
    });
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    // And the slow page shows once visited again.
    await act(() => router.navigate('/slow'));
    expect(await screen.findByText('Slow page')).toBeInTheDocument();
  });

  it('keeps a page mounted when only its parameters change', async () => {
    const { router, mounts } = setup();
    await act(() => router.navigate('/community/a'));
    expect(await screen.findByText('Community a')).toBeInTheDocument();
    await act(() => router.navigate('/community/b'));
    expect(await screen.findByText('Community b')).toBeInTheDocument();
    expect(mounts()).toBe(1);
  });
});
