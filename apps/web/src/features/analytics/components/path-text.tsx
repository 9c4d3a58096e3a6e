import { Fragment } from 'react';

/**
 * A URL path that may wrap only after `/`, `?` and `&` (a `<wbr>` there), so on a phone
 * `/advertiser/playlists` breaks between its parts rather than inside a word. A single part
 * longer than the column still wraps (overflow-wrap), rather than pushing the table wide.
 */
export function PathText({ path }: { path: string }) {
  const parts = path.split(/(?<=[/?&])/);
  return (
    <span className="font-mono text-xs [overflow-wrap:anywhere] break-normal">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
