/** Partner agencies shown in the landing page's logo marquee (SVGs in src/web/public/logos, 56px tall). */
export const partnerLogos = [
  { src: '/logos/harbor-home-health.svg', width: 149, name: 'Harbor Home Health' },
  { src: '/logos/summit-care-partners.svg', width: 166, name: 'Summit Care Partners' },
  { src: '/logos/bluebird-home-care.svg', width: 146, name: 'Bluebird Home Care' },
  { src: '/logos/cedar-valley-health.svg', width: 191, name: 'Cedar Valley Health' },
  { src: '/logos/northstar-visiting-nurses.svg', width: 182, name: 'Northstar Visiting Nurses' },
  { src: '/logos/meadowbrook-home-health.svg', width: 180, name: 'Meadowbrook Home Health' },
  { src: '/logos/riverside-rehab.svg', width: 166, name: 'Riverside Rehab at Home' },
  { src: '/logos/lighthouse-care-group.svg', width: 168, name: 'Lighthouse Care Group' },
  { src: '/logos/evergreen-home-therapy.svg', width: 157, name: 'Evergreen Home Therapy' },
  { src: '/logos/pinecrest-health-services.svg', width: 182, name: 'Pinecrest Health Services' },
] as const;
