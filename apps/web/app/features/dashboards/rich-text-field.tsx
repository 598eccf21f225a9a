// A labelled HTML section of the programme form. The TipTap editor (rich-text-editor.tsx) is
// fetched with import() once the page is interactive, so no other page's JavaScript grows; until
// it arrives the section is a plain text area with the same label and value.
import { useEffect, useId, useState, type ComponentType } from "react";

import formStyles from "../../components/form/form.module.css";
import styles from "./programmes.module.css";

type EditorComponent = ComponentType<{
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy: string;
}>;

let loaded: EditorComponent | undefined;

export function RichTextField({
  label,
  name,
  value,
  onChange,
  error,
  hintId,
}: {
  /** The id of the editors' shared usage hint. */
  hintId: string;
  label: string;
  name: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [Editor, setEditor] = useState<EditorComponent | undefined>(() => loaded);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void import("./rich-text-editor.tsx").then((module) => {
      loaded = module.default;
      if (live) setEditor(() => module.default);
    });
    return () => {
      live = false;
    };
  }, []);
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  return (
    <div className={formStyles.field} data-field={name}>
      <span id={labelId} className={formStyles.label}>
        {label}
      </span>
      {Editor ? (
        <Editor value={value} onChange={onChange} labelId={labelId} describedBy={describedBy} />
      ) : (
        <textarea
          className={styles.textarea}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <p id={errorId} className={formStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
