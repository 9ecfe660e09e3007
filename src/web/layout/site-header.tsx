import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../ui/button';
import { useLoginDialog } from './login-context';
import { Logo } from './logo';

const nav = [
  { to: '/#agencies', label: 'For Agencies' },
  { to: '/#therapists', label: 'For Therapists' },
  { to: '/#how-it-works', label: 'How It Works' },
  { to: '/#faqs', label: 'FAQs' },
  { to: '/articles', label: 'Articles' },
  { to: '/contact', label: 'Contact' },
];

export function SiteHeader() {
  const { openLogin } = useLoginDialog();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-6 lg:flex">
          {nav.map((item) => (
            <Link key={item.to} to={item.to} className="text-sm font-medium text-slate-700 hover:text-brand-700">
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <Button variant="ghost" onClick={openLogin}>
            Log in
          </Button>
          <ButtonLink to="/signup">Sign Up</ButtonLink>
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 px-4 pb-4 lg:hidden">
          <ul className="flex flex-col py-2">
            {nav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} onClick={() => setMenuOpen(false)} className="block rounded-md px-2 py-3 font-medium text-slate-800 hover:bg-slate-50">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              className="flex-1"
              onClick={() => {
                setMenuOpen(false);
                openLogin();
              }}
            >
              Log in
            </Button>
            <ButtonLink to="/signup" className="flex-1" onClick={() => setMenuOpen(false)}>
              Sign Up
            </ButtonLink>
          </div>
        </nav>
      )}
    </header>
  );
}
