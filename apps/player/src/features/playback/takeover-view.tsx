import type { TManifestTakeover } from '@screenline/shared/fleet';
import styles from './takeover.module.css';

/**
 * An emergency takeover's message or image (issue 23 item 6), over a stopped stage: nothing else
 * plays until it ends. `data-capture-*` marks what a screenshot draws (commands/screen-capture).
 */
export function TakeoverView({
  takeover,
  mediaUrlOf,
}: {
  takeover: TManifestTakeover;
  mediaUrlOf?: ((contentId: string) => string | null) | undefined;
}) {
  const imageUrl =
    takeover.kind === 'image' && takeover.contentId && mediaUrlOf
      ? mediaUrlOf(takeover.contentId)
      : null;
  return (
    <div className={styles.takeover} data-testid="takeover" data-takeover="">
      {imageUrl ? (
        <img className={styles.image} src={imageUrl} alt="" data-capture-media="" />
      ) : (
        <p className={styles.message} role="alert" data-capture-text="">
          {takeover.message ?? ''}
        </p>
      )}
    </div>
  );
}
