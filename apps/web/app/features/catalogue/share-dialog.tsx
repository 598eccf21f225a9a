// The share button and its modal (docs/spec/accounts-and-details.md §2 Countries, §8 "Copy link: 'Link
// copied to clipboard!'", §9 "Share window default 550x400"): Facebook, Twitter, WhatsApp and
// Telegram open their share pages in a 550x400 window; Copy Link copies the page address.
// A native <dialog>: it traps focus, closes with Escape and gives the focus back.
import { useRef, useState } from "react";

import { CloseIcon } from "../../components/icons/icons.tsx";
import styles from "./share-dialog.module.css";

export const SHARE_WINDOW = { width: 550, height: 400 } as const;
export const LINK_COPIED_TEXT = "Link copied to clipboard!";

/** The share page of each network for `url` with `text`. */
export function shareTargets(url: string, text: string): { name: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: "WhatsApp", href: `https://api.whatsapp.com/send?text=${t}%20${u}` },
    { name: "Telegram", href: `https://t.me/share/url?url=${u}&text=${t}` },
  ];
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and pages without clipboard permission: a hidden text area and execCommand.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    return copied;
  }
}

export function ShareDialog({ title, text }: { title: string; text: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState("");

  const open = () => {
    setMessage("");
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();
  const pageUrl = () => window.location.href;

  return (
    <>
      <button type="button" className={styles.trigger} onClick={open} aria-haspopup="dialog">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v14"
          />
        </svg>
        Share
      </button>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby="share-dialog-title"
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself) closes it.
          if (event.target === event.currentTarget) close();
        }}
      >
        <div className={styles.body}>
          <div className={styles.header}>
            <h2 id="share-dialog-title" className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={close} aria-label="Close">
              <CloseIcon />
            </button>
          </div>
          <ul className={styles.targets}>
            {["Facebook", "Twitter", "WhatsApp", "Telegram"].map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className={styles.target}
                  data-network={name.toLowerCase()}
                  onClick={() => {
                    const target = shareTargets(pageUrl(), text).find((t) => t.name === name);
                    if (!target) return;
                    const { width, height } = SHARE_WINDOW;
                    const left = Math.max(0, (window.screen.width - width) / 2);
                    const top = Math.max(0, (window.screen.height - height) / 2);
                    window.open(
                      target.href,
                      "share",
                      `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`,
                    );
                  }}
                >
                  {name}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={styles.target}
                data-network="copy"
                onClick={() => {
                  void copyText(pageUrl()).then((copied) =>
                    setMessage(copied ? LINK_COPIED_TEXT : "Copy failed: select the address bar"),
                  );
                }}
              >
                Copy Link
              </button>
            </li>
          </ul>
          <p className={styles.message} role="status">
            {message}
          </p>
        </div>
      </dialog>
    </>
  );
}
