import { TextField, type TextFieldProps } from '@shopify/polaris';
import { useEffect, useState } from 'react';

/**
 * How many rows a free text (introduction, remark, item description) starts with. Polaris grows a multiline
 * field with its text, so the box fits what is written: one line of text no longer sits in a tall box of
 * empty rows, and a long text shows in full instead of scrolling inside the field.
 */
export const TEXT_MIN_ROWS = 2;

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'autoComplete'> & {
  value: string;
  /** Called when the field is left with a changed text. */
  onCommit: (value: string) => void;
  /** Follows every keystroke, e.g. for a live preview. */
  onDraft?: (value: string) => void;
};

/** A text field that auto-saves when it is left (not on every keystroke). */
export function SavedTextField({ value, onCommit, onDraft, ...props }: Props) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <TextField
      {...props}
      autoComplete="off"
      value={draft}
      onChange={(v) => {
        setDraft(v);
        onDraft?.(v);
      }}
      onBlur={() => {
        if (draft !== value) onCommit(draft);
      }}
    />
  );
}
