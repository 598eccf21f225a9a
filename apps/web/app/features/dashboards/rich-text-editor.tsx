// The rich-text editor of the programme form (ADR 016 "Programme authoring"): TipTap (ProseMirror)
// with only what our sanitiser keeps (paragraphs, h3/h4, bold, italic, underline, lists, quotes,
// links, rules). Loaded with import() by rich-text-field.tsx, so only the programme form's page
// downloads it. The server sanitises whatever it sends (packages/core/src/content/sanitize-html.ts).
import { useState } from "react";
import StarterKit from "@tiptap/starter-kit";
import { Extension, EditorContent, useEditor, type Editor } from "@tiptap/react";

import { LinkDialog } from "./link-dialog.tsx";
import styles from "./programmes.module.css";

/** Esc leaves the editor (Tab indents list items there), so the keyboard is never trapped. */
const EscapeLeaves = Extension.create({
  name: "escapeLeaves",
  addKeyboardShortcuts() {
    return {
      Escape: ({ editor }) => {
        editor.commands.blur();
        return true;
      },
    };
  },
});

interface Tool {
  label: string;
  text: string;
  active: (editor: Editor) => boolean;
  /** `askLink` opens the link dialog (never the browser's prompt()). */
  run: (editor: Editor, askLink: () => void) => void;
}

const TOOLS: Tool[] = [
  {
    label: "Bold",
    text: "B",
    active: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: "Italic",
    text: "I",
    active: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: "Underline",
    text: "U",
    active: (e) => e.isActive("underline"),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    label: "H3 heading",
    text: "H3",
    active: (e) => e.isActive("heading", { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: "H4 subheading",
    text: "H4",
    active: (e) => e.isActive("heading", { level: 4 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 4 }).run(),
  },
  {
    label: "Bulleted list",
    text: "• List",
    active: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: "1. List (numbered)",
    text: "1. List",
    active: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "Quote",
    text: "“ ”",
    active: (e) => e.isActive("blockquote"),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    label: "Link",
    text: "Link",
    active: (e) => e.isActive("link"),
    run: (e, askLink) => {
      if (e.isActive("link")) {
        e.chain().focus().extendMarkRange("link").unsetLink().run();
        return;
      }
      askLink();
    },
  },
];

export default function RichTextEditor({
  value,
  onChange,
  labelId,
  describedBy,
}: {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy: string;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] },
      }),
      EscapeLeaves,
    ],
    content: value,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        "aria-describedby": describedBy,
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? "" : changed.getHTML()),
  });
  const [askingLink, setAskingLink] = useState(false);
  const closeLink = () => {
    setAskingLink(false);
    editor?.commands.focus();
  };

  return (
    <div className={styles.editor}>
      <div role="toolbar" aria-labelledby={labelId} className={styles.editorTools}>
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className={styles.tool}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={editor ? tool.active(editor) : false}
            disabled={!editor}
            onClick={() => editor && tool.run(editor, () => setAskingLink(true))}
          >
            {tool.text}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} className={styles.editorBody} />
      <LinkDialog
        open={askingLink}
        onClose={closeLink}
        onSubmit={(href) => {
          setAskingLink(false);
          editor?.chain().focus().extendMarkRange("link").setLink({ href }).run();
        }}
      />
    </div>
  );
}
