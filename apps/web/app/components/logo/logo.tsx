// The StudyAtlas mark and wordmark. The wordmark takes the surrounding text colour, so the same
// logo reads on the transparent home header, the white header and the dark footer.
import markHref from "../../assets/favicon.svg?url&no-inline";
import styles from "./logo.module.css";

/**
 * The mark: the favicon's own file (one drawing, cached for a year by its hashed name), not the
 * same drawing inline in the header and again in the footer of every page. At low priority: React
 * would otherwise preload it ahead of the page's largest picture, which the first paint waits for.
 */
function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <img
      className={styles.mark}
      src={markHref}
      width={size}
      height={size}
      alt=""
      fetchPriority="low"
    />
  );
}

export function Logo() {
  return (
    <span className={styles.logo}>
      <LogoMark />
      <span className={styles.wordmark}>
        Study<span className={styles.wordmarkStrong}>Atlas</span>
      </span>
    </span>
  );
}
