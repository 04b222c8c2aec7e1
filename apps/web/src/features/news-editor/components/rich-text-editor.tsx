import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { MouseEvent } from 'react';
import { useT } from '../../../lib/labels/use-t.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

interface RichTextEditorProps {
  /** The id of the visible label; the editable area is named by it. */
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  /** The HTML to start from (the editor owns the text from then on). */
  initialHtml: string;
  onChange: (html: string) => void;
}

type Command =
  'bold' | 'italic' | 'heading2' | 'heading3' | 'bulletList' | 'orderedList' | 'blockquote';

const COMMANDS: readonly Command[] = [
  'bold',
  'italic',
  'heading2',
  'heading3',
  'bulletList',
  'orderedList',
  'blockquote',
];

type Chain = ReturnType<Editor['chain']>;

/** What each tool does to the text (on the editor's focused command chain). */
const ACTIONS: Record<Command | 'undo' | 'redo', (chain: Chain) => Chain> = {
  bold: (chain) => chain.toggleBold(),
  italic: (chain) => chain.toggleItalic(),
  heading2: (chain) => chain.toggleHeading({ level: 2 }),
  heading3: (chain) => chain.toggleHeading({ level: 3 }),
  bulletList: (chain) => chain.toggleBulletList(),
  orderedList: (chain) => chain.toggleOrderedList(),
  blockquote: (chain) => chain.toggleBlockquote(),
  undo: (chain) => chain.undo(),
  redo: (chain) => chain.redo(),
};

function run(editor: Editor, command: Command | 'undo' | 'redo'): void {
  ACTIONS[command](editor.chain().focus()).run();
}

/**
 * A mouse press on a tool must not take the focus from the text: TipTap gives it back only on
 * the next frame, and keys typed meanwhile would reach the button (a space presses it again).
 * Keyboard users still reach the tools with Tab; the command then focuses the text.
 */
function keepEditorFocus(event: MouseEvent): void {
  event.preventDefault();
}

function isActive(editor: Editor, command: Command): boolean {
  if (command === 'heading2') return editor.isActive('heading', { level: 2 });
  if (command === 'heading3') return editor.isActive('heading', { level: 3 });
  return editor.isActive(command);
}

/**
 * The news body's rich-text editor: TipTap 3 (ProseMirror) with its starter kit, so it only
 * writes the elements the one allow-list keeps (paragraphs, headings, lists, quotes, links,
 * emphasis, code). The server sanitises whatever arrives anyway (ADR 0019). Only the editor
 * route loads this module, so TipTap stays out of the main bundle.
 */
export function RichTextEditor({
  labelId,
  describedBy,
  invalid = false,
  initialHtml,
  onChange,
}: RichTextEditorProps) {
  const t = useT();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'news-editor__body',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(COMMANDS.map((c) => [c, isActive(current, c)])),
  });

  return (
    <div className="news-editor__rich">
      <div
        className="news-editor__toolbar"
        role="toolbar"
        aria-label={t('news-editor.toolbar.label')}
      >
        {COMMANDS.map((command) => (
          <SecondaryButton
            key={command}
            className="news-editor__tool"
            aria-pressed={active[command] ?? false}
            onMouseDown={keepEditorFocus}
            onClick={() => run(editor, command)}
          >
            {t(`news-editor.toolbar.${command}`)}
          </SecondaryButton>
        ))}
        {(['undo', 'redo'] as const).map((command) => (
          <SecondaryButton
            key={command}
            className="news-editor__tool"
            onMouseDown={keepEditorFocus}
            onClick={() => run(editor, command)}
          >
            {t(`news-editor.toolbar.${command}`)}
          </SecondaryButton>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
