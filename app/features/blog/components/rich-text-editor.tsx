/**
 * The post content editor (Tiptap 3) with the spec's toolbar: headings 1-3, bold, italic, underline,
 * strike, numbered and bulleted lists, link, image, clear formatting (spec 001 section 5). Loaded
 * lazily by the post form only, so no other page carries Tiptap.
 *
 * Images: by address, or uploaded (the toolbar's Upload image, or a file dropped or pasted into the
 * text): the file goes to POST /api/blogs/images, and once stored the editor asks for its description
 * (alt text) before it inserts a responsive <img> (srcset of its /media/ widths, sizes, width and height).
 *
 * Keyboard: the toolbar is one Tab stop; arrow keys, Home and End move between its buttons, and
 * the editor's own shortcuts work (Ctrl/Cmd+B, I, U, Shift+S...). Every button has a name and, for
 * the toggles, aria-pressed.
 */
import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type KeyboardEvent, type MutableRefObject, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { blogAdminMessages } from "../admin-messages";
import { articleImageAttributes, mediaDisplaySize, mediaUrl } from "../media";
import { safeImageSrc, safeLinkHref } from "../schema";
import { ACCEPTED_IMAGES, firstFile, type UploadedImage, uploadPostImage } from "../upload-image";

const t = blogAdminMessages.editor;

export type RichTextEditorProps = {
  id: string;
  /** The HTML the editor starts with (later changes of this prop are not applied). */
  initialValue: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  /** Set to a function focusing the editor (the form uses it to point at an error). */
  focusRef?: MutableRefObject<(() => void) | null>;
};

type Panel = { kind: "link"; url: string } | { kind: "image"; url: string; alt: string } | null;

/** An upload under way, refused, or stored and waiting for its description; `at` is where it goes in the text. */
type Upload =
  | { state: "sending"; at?: number }
  | { state: "refused"; message: string }
  | { state: "describe"; image: UploadedImage; at?: number }
  | null;

/** The image node keeps srcset and sizes too, so an uploaded image keeps its responsive set. */
const ResponsiveImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      srcset: { default: null },
      sizes: { default: null },
    };
  },
});

export default function RichTextEditor({ id, initialValue, onChange, labelId, describedBy, invalid, focusRef }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [upload, setUpload] = useState<Upload>(null);
  /** Sends a file; the editor's drop and paste handlers, made once, reach it through this ref. */
  const startUpload = useRef<(file: File, at?: number) => void>(() => undefined);
  startUpload.current = (file, at) => {
    setUpload({ state: "sending", at });
    void uploadPostImage(file).then((answer) =>
      setUpload(answer.ok ? { state: "describe", image: answer.image, at } : { state: "refused", message: answer.message }),
    );
  };

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          HTMLAttributes: { rel: "noopener noreferrer", target: null },
          isAllowedUri: (url) => safeLinkHref(url) !== null,
        },
      }),
      ResponsiveImage.configure({ inline: false, allowBase64: false }),
    ],
    content: initialValue || "",
    editorProps: {
      attributes: contentAttributes(id, labelId, describedBy, invalid),
      // A file dropped or pasted into the text is uploaded (never put in the post as data: addresses).
      handleDrop: (view, event, _slice, moved) => {
        const file = moved ? undefined : firstFile(event.dataTransfer?.files);
        if (!file) return false;
        event.preventDefault();
        startUpload.current(file, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
      handlePaste: (_view, event) => {
        const file = firstFile(event.clipboardData?.files);
        if (!file) return false;
        event.preventDefault();
        startUpload.current(file);
        return true;
      },
    },
    onUpdate: ({ editor }) => onChangeRef.current(editor.isEmpty ? "" : editor.getHTML()),
  });

  // aria-describedby and aria-invalid follow the form's error state (applied at mount when not yet mounted).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: contentAttributes(id, labelId, describedBy, invalid) } });
  }, [editor, id, labelId, describedBy, invalid]);

  useEffect(() => {
    if (!focusRef) return;
    focusRef.current = () => editor?.commands.focus();
    return () => {
      focusRef.current = null;
    };
  }, [editor, focusRef]);

  return (
    <div
      className={`mt-1 rounded-md border bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-600/30 ${invalid ? "border-red-600" : "border-slate-300"}`}
      data-testid="rich-text-editor"
    >
      {editor ? (
        <Toolbar editor={editor} editorId={id} upload={upload} setUpload={setUpload} startUpload={(file) => startUpload.current(file)} />
      ) : (
        <div className="h-12 border-b border-slate-200 bg-slate-50" aria-hidden="true" />
      )}
      <EditorContent editor={editor} />
      <p className="border-t border-slate-200 px-3 py-1.5 text-xs text-slate-600">{t.uploadHint}</p>
    </div>
  );
}

const CONTENT_CLASS =
  "min-h-64 px-3 py-2 text-base text-slate-900 focus:outline-none [&_a]:text-brand-700 [&_a]:underline [&_h1]:my-3 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:my-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:my-2 [&_h3]:text-xl [&_h3]:font-semibold [&_img]:my-3 [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6";

/** The editable area's attributes: a labelled multi-line text box, described by the field's error. */
function contentAttributes(id: string, labelId: string, describedBy?: string, invalid?: boolean): Record<string, string> {
  return {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid ? { "aria-invalid": "true" } : {}),
    class: CONTENT_CLASS,
  };
}

function Toolbar({
  editor,
  editorId,
  upload,
  setUpload,
  startUpload,
}: {
  editor: Editor;
  editorId: string;
  upload: Upload;
  setUpload: (upload: Upload) => void;
  startUpload: (file: File) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive("heading", { level: 1 }),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      orderedList: e.isActive("orderedList"),
      bulletList: e.isActive("bulletList"),
      link: e.isActive("link"),
      href: (e.getAttributes("link").href as string | undefined) ?? "",
    }),
  });
  const [panel, setPanel] = useState<Panel>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const chain = () => editor.chain().focus();

  const buttons: { key: string; label: string; icon: ReactNode; pressed?: boolean; run: () => void }[] = [
    {
      key: "h1",
      label: t.heading(1),
      icon: <span className="font-bold">H1</span>,
      pressed: state.h1,
      run: () => chain().toggleHeading({ level: 1 }).run(),
    },
    {
      key: "h2",
      label: t.heading(2),
      icon: <span className="font-bold">H2</span>,
      pressed: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: t.heading(3),
      icon: <span className="font-bold">H3</span>,
      pressed: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    { key: "bold", label: t.bold, icon: <span className="font-bold">B</span>, pressed: state.bold, run: () => chain().toggleBold().run() },
    {
      key: "italic",
      label: t.italic,
      icon: <span className="font-serif italic">I</span>,
      pressed: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: "underline",
      label: t.underline,
      icon: <span className="underline">U</span>,
      pressed: state.underline,
      run: () => chain().toggleUnderline().run(),
    },
    {
      key: "strike",
      label: t.strike,
      icon: <span className="line-through">S</span>,
      pressed: state.strike,
      run: () => chain().toggleStrike().run(),
    },
    {
      key: "orderedList",
      label: t.orderedList,
      icon: <ListIcon ordered />,
      pressed: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    { key: "bulletList", label: t.bulletList, icon: <ListIcon />, pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { key: "link", label: t.link, icon: <LinkIcon />, pressed: state.link, run: () => setPanel({ kind: "link", url: state.href }) },
    { key: "image", label: t.image, icon: <ImageIcon />, run: () => setPanel({ kind: "image", url: "", alt: "" }) },
    { key: "upload", label: t.upload, icon: <UploadIcon />, run: () => fileInput.current?.click() },
    {
      key: "clean",
      label: t.clean,
      icon: (
        <span aria-hidden="true">
          T<sub>x</sub>
        </span>
      ),
      run: () => chain().unsetAllMarks().clearNodes().run(),
    },
  ];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = buttons.length - 1;
    const next = { ArrowRight: focusIndex + 1, ArrowLeft: focusIndex - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = next < 0 ? last : next > last ? 0 : next;
    setFocusIndex(index);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>("button")[index]?.focus();
  }

  return (
    <>
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label={t.toolbar}
        aria-controls={editorId}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1.5"
      >
        {buttons.map((b, i) => (
          <button
            key={b.key}
            type="button"
            aria-label={b.label}
            title={b.label}
            aria-pressed={b.pressed === undefined ? undefined : b.pressed}
            tabIndex={i === focusIndex ? 0 : -1}
            onFocus={() => setFocusIndex(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={b.run}
            className={`inline-flex h-9 min-w-9 items-center justify-center rounded px-2 text-sm text-slate-800 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${b.pressed ? "bg-brand-100 text-brand-900 ring-1 ring-brand-300" : ""}`}
          >
            {b.icon}
          </button>
        ))}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_IMAGES}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="editor-image-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) {
            setPanel(null);
            startUpload(file);
          }
        }}
      />
      <UploadPanel
        upload={upload}
        onInsert={(image, alt) => {
          const at = upload?.state === "describe" ? upload.at : undefined;
          const content = { type: "image", attrs: articleImageAttributes(image, alt) };
          if (at === undefined) chain().insertContent(content).run();
          else chain().insertContentAt(at, content).run();
          setUpload(null);
        }}
        onClose={() => {
          setUpload(null);
          editor.commands.focus();
        }}
      />
      {panel?.kind === "link" && (
        <LinkPanel
          initialUrl={panel.url}
          hasLink={state.link}
          onApply={(url) => {
            if (url === "") chain().extendMarkRange("link").unsetLink().run();
            else chain().extendMarkRange("link").setLink({ href: url }).run();
            setPanel(null);
          }}
          onCancel={() => {
            setPanel(null);
            editor.commands.focus();
          }}
        />
      )}
      {panel?.kind === "image" && (
        <ImagePanel
          onInsert={(src, alt) => {
            chain().setImage({ src, alt }).run();
            setPanel(null);
          }}
          onCancel={() => {
            setPanel(null);
            editor.commands.focus();
          }}
        />
      )}
    </>
  );
}

/** The small inline form under the toolbar for a link's address. */
function LinkPanel({
  initialUrl,
  hasLink,
  onApply,
  onCancel,
}: {
  initialUrl: string;
  hasLink: boolean;
  onApply: (url: string) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string>();
  const inputId = useId();
  const apply = () => {
    const value = url.trim();
    if (value === "") return onApply("");
    const withScheme = /^[a-z][a-z0-9+.-]*:|^\//i.test(value) ? value : `https://${value}`;
    if (!safeLinkHref(withScheme)) return setError(t.badLink);
    onApply(withScheme);
  };
  return (
    <PanelShell onSubmit={apply} onCancel={onCancel}>
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          {t.linkUrl}
        </label>
        <AddressInput
          id={inputId}
          value={url}
          onChange={(value) => {
            setUrl(value);
            setError(undefined);
          }}
          error={error}
          describedBy={`${inputId}-help`}
        />
        <p id={`${inputId}-help`} className={`mt-1 text-xs ${error ? "font-medium text-red-700" : "text-slate-600"}`}>
          {error ?? t.linkHint}
        </p>
      </div>
      <PanelButton primary onClick={apply}>
        {t.apply}
      </PanelButton>
      {hasLink && <PanelButton onClick={() => onApply("")}>{t.removeLink}</PanelButton>}
    </PanelShell>
  );
}

/**
 * A panel's address field. It takes the focus when the panel opens: the author pressed the toolbar's
 * Link or Image button, and typing the address is the next step.
 */
function AddressInput({
  id,
  value,
  onChange,
  error,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  describedBy?: string;
}) {
  return (
    <input
      id={id}
      // biome-ignore lint/a11y/noAutofocus: the panel opens when the author presses the toolbar's Link or Image button, and typing the address is the next step
      autoFocus
      type="text"
      inputMode="url"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      placeholder="https://"
      className={`mt-1 block w-full rounded-md border px-3 py-1.5 text-sm ${error ? "border-red-600" : "border-slate-300"}`}
    />
  );
}

/** The small inline form under the toolbar for an image's address and description. */
function ImagePanel({ onInsert, onCancel }: { onInsert: (src: string, alt: string) => void; onCancel: () => void }) {
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string>();
  const baseId = useId();
  const insert = () => {
    const src = safeImageSrc(url.trim());
    if (!src) return setError(t.badImage);
    onInsert(src, alt.trim());
  };
  return (
    <PanelShell onSubmit={insert} onCancel={onCancel}>
      <div className="min-w-0 flex-1">
        <label htmlFor={`${baseId}-url`} className="block text-sm font-medium text-slate-800">
          {t.imageUrl}
        </label>
        <AddressInput
          id={`${baseId}-url`}
          value={url}
          onChange={(value) => {
            setUrl(value);
            setError(undefined);
          }}
          error={error}
          describedBy={error ? `${baseId}-error` : undefined}
        />
        {error && (
          <p id={`${baseId}-error`} className="mt-1 text-xs font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={`${baseId}-alt`} className="block text-sm font-medium text-slate-800">
          {t.imageAlt}
        </label>
        <input
          id={`${baseId}-alt`}
          type="text"
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
      </div>
      <PanelButton primary onClick={insert}>
        {t.insert}
      </PanelButton>
    </PanelShell>
  );
}

/**
 * An upload's progress, its refusal (the server's reason), or, once stored, the image with the field
 * for its description: an image is inserted only described, or marked as decoration (alt="").
 */
function UploadPanel({
  upload,
  onInsert,
  onClose,
}: {
  upload: Upload;
  onInsert: (image: UploadedImage, alt: string) => void;
  onClose: () => void;
}) {
  const [alt, setAlt] = useState("");
  const [decorative, setDecorative] = useState(false);
  const [error, setError] = useState<string>();
  const baseId = useId();
  // A new upload starts with an empty description.
  const image = upload?.state === "describe" ? upload.image : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields start again for each image
  useEffect(() => {
    setAlt("");
    setDecorative(false);
    setError(undefined);
  }, [image?.hash]);
  if (!upload) return null;
  if (upload.state === "sending")
    return (
      <p role="status" className="border-b border-slate-200 bg-white p-3 text-sm text-slate-700" data-testid="editor-upload-status">
        {t.uploading}
      </p>
    );
  if (upload.state === "refused")
    return (
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white p-3">
        <p role="alert" className="min-w-0 flex-1 text-sm font-medium text-red-700" data-testid="editor-upload-error">
          {upload.message}
        </p>
        <PanelButton onClick={onClose}>{t.cancel}</PanelButton>
      </div>
    );
  const insert = () => {
    const text = alt.trim();
    if (!decorative && text === "") return setError(t.altRequired);
    onInsert(upload.image, decorative ? "" : text);
  };
  const preview = mediaDisplaySize(upload.image);
  return (
    <PanelShell onSubmit={insert} onCancel={onClose}>
      <div className="w-full">
        <p className="text-sm font-semibold text-slate-900" id={`${baseId}-title`}>
          {t.altTitle}
        </p>
        <p className="text-sm text-slate-700">{t.uploaded}</p>
      </div>
      <img
        src={mediaUrl(upload.image.hash, upload.image.widths[0], "webp")}
        alt=""
        width={preview.width}
        height={preview.height}
        className="h-20 w-auto rounded border border-slate-200 object-contain"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={`${baseId}-alt`} className="block text-sm font-medium text-slate-800">
          {t.altLabel}
        </label>
        <input
          id={`${baseId}-alt`}
          // biome-ignore lint/a11y/noAutofocus: the image has just been uploaded, and describing it is the next step
          autoFocus
          type="text"
          value={alt}
          disabled={decorative}
          maxLength={500}
          onChange={(e) => {
            setAlt(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${baseId}-alt-help`}
          className={`mt-1 block w-full rounded-md border px-3 py-1.5 text-sm disabled:bg-slate-100 ${error ? "border-red-600" : "border-slate-300"}`}
        />
        <p id={`${baseId}-alt-help`} className={`mt-1 text-xs ${error ? "font-medium text-red-700" : "text-slate-600"}`}>
          {error ?? t.altHint}
        </p>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={decorative}
            onChange={(e) => {
              setDecorative(e.target.checked);
              setError(undefined);
            }}
            className="h-4 w-4"
          />
          {t.decorative}
        </label>
      </div>
      <PanelButton primary onClick={insert}>
        {t.insert}
      </PanelButton>
    </PanelShell>
  );
}

/** Not a <form>: the panel sits inside the post form. Enter applies, Escape cancels. */
function PanelShell({ children, onSubmit, onCancel }: { children: ReactNode; onSubmit: () => void; onCancel: () => void }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the div is not itself interactive; it only catches Enter and Escape as they bubble up from the panel's own inputs and buttons
    <div
      className="flex flex-wrap items-end gap-2 border-b border-slate-200 bg-white p-3"
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.target as HTMLElement).tagName === "INPUT") {
          e.preventDefault();
          onSubmit();
        } else if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      {children}
      <PanelButton onClick={onCancel}>{t.cancel}</PanelButton>
    </div>
  );
}

function PanelButton({ children, onClick, primary = false }: { children: ReactNode; onClick: () => void; primary?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${primary ? "bg-brand-700 text-white hover:bg-brand-800" : "border border-slate-300 text-slate-800 hover:bg-slate-100"}`}
    >
      {children}
    </button>
  );
}

function ListIcon({ ordered = false }: { ordered?: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" fill="currentColor">
      {ordered ? (
        <>
          <text x="1" y="7" fontSize="6" fontFamily="sans-serif">
            1
          </text>
          <text x="1" y="15" fontSize="6" fontFamily="sans-serif">
            2
          </text>
        </>
      ) : (
        <>
          <circle cx="3" cy="5" r="1.5" />
          <circle cx="3" cy="13" r="1.5" />
        </>
      )}
      <rect x="7" y="4" width="11" height="2" rx="1" />
      <rect x="7" y="12" width="11" height="2" rx="1" />
    </svg>
  );
}

/** A toolbar icon drawn in lines. */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

function LinkIcon() {
  return (
    <LineIcon>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </LineIcon>
  );
}

function ImageIcon() {
  return (
    <LineIcon>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </LineIcon>
  );
}

function UploadIcon() {
  return (
    <LineIcon>
      <path d="M12 16V4" />
      <path d="m7 9 5-5 5 5" />
      <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </LineIcon>
  );
}
