// The StudyAtlas mark and wordmark. The wordmark takes the surrounding text colour, so the same
// logo reads on the transparent home header, the white header and the dark footer.
import styles from "./logo.module.css";

function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className={styles.mark}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <circle cx="16" cy="16" r="9.5" fill="none" stroke="#fff" strokeWidth="2" />
      <ellipse cx="16" cy="16" rx="4.2" ry="9.5" fill="none" stroke="#fff" strokeWidth="1.6" />
      <path d="M6.8 12.5h18.4M6.8 19.5h18.4" stroke="#fff" strokeWidth="1.6" />
      <circle cx="24.5" cy="7.5" r="3" fill="#fcd34d" />
    </svg>
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
