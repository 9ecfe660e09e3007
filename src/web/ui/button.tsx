import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from './cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'outline';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60',
  secondary: 'bg-white text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-50',
  outline: 'bg-transparent text-white ring-1 ring-inset ring-white/70 hover:bg-white/10',
  ghost: 'bg-transparent text-slate-700 hover:bg-slate-100',
};
// At least 44 × 44 CSS px below the desktop breakpoint (lg), where fingers tap (WCAG 2.5.5); a
// minimum rather than a fixed height, so a label that wraps on a narrow screen stays inside.
const sizes: Record<Size, string> = {
  sm: 'min-h-11 min-w-11 px-3 text-sm lg:min-h-9 lg:min-w-9',
  md: 'min-h-11 min-w-11 px-4 text-sm lg:min-h-10',
  lg: 'min-h-12 min-w-12 px-6 text-base',
};

export function buttonClass(variant: Variant = 'primary', size: Size = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
