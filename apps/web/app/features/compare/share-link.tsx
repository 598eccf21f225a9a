// "Copy link" for the compare page: the address is the comparison (ids, and "only differences"),
// so sharing it shows the same programmes to anyone, signed in or not.
import { useState } from "react";

import styles from "./compare-page.module.css";

export function ShareLink() {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the address bar still has it.
      window.prompt("Copy this link to share the comparison:", window.location.href);
    }
  };
  return (
    <span className={styles.share}>
      <button type="button" className={styles.shareButton} onClick={() => void copy()}>
        Copy link to share
      </button>
      <span aria-live="polite">{copied ? "Link copied" : ""}</span>
    </span>
  );
}
