import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../ui/cn';
import { partnerLogos } from './partner-logos';

/**
 * Partner-agency logos scrolling in a continuous loop. The track holds the list twice and moves by
 * half its width per cycle, so the copy takes the original's place without a jump. It pauses on
 * hover, on keyboard focus and with its own button; with reduced motion it is a static, wrapped grid.
 */
export function LogoMarquee() {
  const [paused, setPaused] = useState(false);
  return (
    <section aria-labelledby="partners-heading" className="border-y border-slate-200 bg-white py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mb-6 flex items-center justify-center gap-3">
          <h2 id="partners-heading" className="text-center text-xs font-semibold tracking-wide text-slate-600 uppercase sm:text-sm">
            Trusted by home health agencies
          </h2>
          <button
            type="button"
            onClick={() => setPaused((value) => !value)}
            aria-pressed={paused}
            aria-label="Pause logo animation"
            className="rounded-full p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 motion-reduce:hidden"
          >
            {paused ? <Play className="size-4" aria-hidden /> : <Pause className="size-4" aria-hidden />}
          </button>
        </div>
        <div className="group relative overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)] motion-reduce:[mask-image:none]">
          <div
            data-testid="logo-marquee-track"
            className={cn(
              'flex w-max animate-marquee group-focus-within:[animation-play-state:paused] group-hover:[animation-play-state:paused]',
              'motion-reduce:w-full motion-reduce:animate-none',
              paused && '[animation-play-state:paused]',
            )}
          >
            <LogoList />
            <LogoList duplicate />
          </div>
        </div>
      </div>
    </section>
  );
}

function LogoList({ duplicate = false }: { duplicate?: boolean }) {
  return (
    <ul
      aria-hidden={duplicate || undefined}
      className={cn(
        'flex shrink-0 items-center gap-14 pr-14',
        'motion-reduce:w-full motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-x-10 motion-reduce:gap-y-6 motion-reduce:pr-0',
        duplicate && 'motion-reduce:hidden',
      )}
    >
      {partnerLogos.map((logo) => (
        <li key={logo.src} className="shrink-0">
          {/* Low priority: below the hero, they must not take a phone's bandwidth from the styles and
              script; React's server render also preloads every image in the head unless told so. */}
          <img
            src={logo.src}
            alt={duplicate ? '' : logo.name}
            width={logo.width}
            height={56}
            fetchPriority="low"
            decoding="async"
            className="h-12 w-auto opacity-90 grayscale transition hover:opacity-100 hover:grayscale-0"
          />
        </li>
      ))}
    </ul>
  );
}
