// A file sent in a chat, shown as a chip in its bubble
// (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): the kind, the name and the size;
// activating it downloads the file (the server sends it as an attachment, to participants only).
import type { ChatAttachment } from "@studyatlas/schemas/chat.ts";

import styles from "./file-chip.module.css";

const KIND: Record<ChatAttachment["content_type"], string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
};

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function PaperclipIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48" />
    </svg>
  );
}

export function FileChip({ attachment }: { attachment: ChatAttachment }) {
  const kind = KIND[attachment.content_type];
  const size = fileSize(attachment.size_bytes);
  return (
    <a className={styles.chip} href={attachment.url} download={attachment.file_name}>
      <span className="visually-hidden">Download </span>
      <span className={styles.kind}>{kind}</span>{" "}
      <span className={styles.name}>{attachment.file_name}</span>{" "}
      <span className={styles.size}>{size}</span>
    </a>
  );
}
