/**
 * The page's title and meta description. React 19 hoists <title> and <meta> into <head>, so each
 * page declares its own and search engines and tabs see the right text.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{`${title} | CareRelay`}</title>
      <meta name="description" content={description} />
    </>
  );
}
