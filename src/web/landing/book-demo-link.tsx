import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { useSiteConfig } from '../api/site';
import { buttonClass } from '../ui/button';

type Variant = Parameters<typeof buttonClass>[0];

/**
 * Opens the demo booking page the deployment configures, in a new tab. Until that address has loaded
 * (or if it cannot be), the button still works and leads to the contact page.
 */
export function BookDemoLink({ variant = 'secondary', className }: { variant?: Variant; className?: string }) {
  const { data } = useSiteConfig();
  const classes = buttonClass(variant, 'lg', className);
  if (!data) {
    return (
      <Link to="/contact" className={classes}>
        Book a Demo
      </Link>
    );
  }
  return (
    <a href={data.demoSchedulingUrl} target="_blank" rel="noopener noreferrer" className={classes}>
      Book a Demo
      <ExternalLink className="size-4" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
