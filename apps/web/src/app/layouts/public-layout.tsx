import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/brand/logo';
import './public-layout.css';

/** Legal pages: readable for visitors and members alike. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <header className="public-layout__bar">
        <Link to="/" className="public-layout__brand" aria-label="Home">
          <Logo />
        </Link>
      </header>
      <main id="main" className="public-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
