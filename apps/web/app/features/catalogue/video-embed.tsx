// A programme's or school's video: a play button first, the YouTube player only after a click,
// so the page loads nothing from another host until the visitor asks for it.
import { useState } from "react";

import { youtubeEmbedUrl } from "./detail-display.ts";
import styles from "./video-embed.module.css";

export function VideoEmbed({
  url,
  title,
  poster,
}: {
  url: string;
  title: string;
  poster?: string;
}) {
  const [playing, setPlaying] = useState(false);
  const embed = youtubeEmbedUrl(url);
  if (!embed) return null;
  return (
    <div className={styles.frame}>
      {playing ? (
        <iframe
          className={styles.player}
          src={`${embed}?autoplay=1`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <button type="button" className={styles.poster} onClick={() => setPlaying(true)}>
          {poster && <img src={poster} alt="" className={styles.image} loading="lazy" />}
          <span className={styles.play} aria-hidden="true">
            ▶
          </span>
          <span className={styles.label}>Play video: {title}</span>
        </button>
      )}
    </div>
  );
}
