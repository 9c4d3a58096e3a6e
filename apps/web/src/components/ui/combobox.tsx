import { useMemo, useRef, useState, type Ref } from 'react';
import { useCombobox, type UseComboboxStateChangeOptions } from 'downshift';
import { Check, ChevronsUpDown } from 'lucide-react';
import { controlClasses } from '@/components/ui/input';
import { labelIdOf, type TFieldControlProps } from '@/components/ui/form-field';
import { cn } from '@/lib/utils';

export type TComboboxOption = {
  value: string;
  label: string;
  /** A second line in the list ("GMT+1"); searched too. */
  hint?: string;
  /** More words the search matches ("United Kingdom" for `GB`), not shown. */
  keywords?: string;
};

/** Lower case, no accents, and the separators of ids (`America/New_York`) read as spaces. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[_/\-–,.()]+/g, ' ');
}

/** The options whose label, hint or keywords contain every word of the query, in their order. */
export function filterOptions(
  options: readonly TComboboxOption[],
  query: string,
): TComboboxOption[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const haystack = normalize(`${option.label} ${option.hint ?? ''} ${option.keywords ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * A searchable single-choice picker (WAI-ARIA 1.2 combobox with a listbox, from downshift's
 * `useCombobox`): type to filter, arrows to move, Enter to pick, Escape to close, and the
 * input shows the chosen option again when it loses focus without a choice. The list renders
 * in place (no portal), so it works inside a modal dialog's focus trap. Use it inside a
 * FormField: the field's label names the input and the list.
 */
export function Combobox({
  id,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  options,
  value,
  onChange,
  onBlur,
  inputRef,
  placeholder,
  emptyMessage = 'Nothing matches. Try fewer letters.',
  className,
}: TFieldControlProps & {
  options: readonly TComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  emptyMessage?: string;
  className?: string;
}) {
  const selectedItem = useMemo(
    () => options.find((option) => option.value === value) ?? null,
    [options, value],
  );
  // What the user typed since the last choice: it filters the list. The input's text itself
  // stays downshift's own state: a controlled value, updated through a callback, loses
  // keystrokes typed while a long list renders.
  const [query, setQuery] = useState('');
  const items = useMemo(() => filterOptions(options, query), [options, query]);
  // The same search, known at once: `query` re-renders the list a task later, and a fast typist's
  // Enter can come first, so a choice is read from the search as typed, not the list on screen.
  const typed = useRef('');

  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
  } = useCombobox<TComboboxOption>({
    items,
    inputId: id,
    labelId: labelIdOf(id),
    selectedItem,
    initialInputValue: selectedItem?.label ?? '',
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => item?.value,
    // Opening the list after a choice, a blur or Escape shows every option, the chosen one
    // highlighted and scrolled into view.
    onInputValueChange: ({ type, inputValue }) =>
      setQuery(type === useCombobox.stateChangeTypes.InputChange ? inputValue : ''),
    onSelectedItemChange: ({ selectedItem: next }) => {
      if (next) onChange(next.value);
    },
    stateReducer: (state, { type, changes }: UseComboboxStateChangeOptions<TComboboxOption>) => {
      const types = useCombobox.stateChangeTypes;
      // Typing highlights the first match, so Enter picks it (APG: list autocomplete with
      // automatic selection); an empty search highlights nothing.
      if (type === types.InputChange) {
        typed.current = changes.inputValue ?? '';
        return { ...changes, highlightedIndex: changes.inputValue ? 0 : -1 };
      }
      const isPick =
        type === types.InputKeyDownEnter ||
        (type === types.InputBlur && changes.selectedItem !== state.selectedItem);
      if (isPick && typed.current !== '') {
        const item = filterOptions(options, typed.current)[state.highlightedIndex];
        changes = item
          ? { ...changes, selectedItem: item, inputValue: item.label }
          : { ...changes, selectedItem: undefined };
      }
      // A closed list ends the search (a pick, Escape, leaving the field).
      if (!changes.isOpen) typed.current = '';
      // Enter on an empty list picks nothing.
      if (changes.selectedItem === undefined) {
        return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
      }
      // Leaving the input without a choice puts the chosen option's label back: half-typed
      // text that is not a value never stays on screen.
      if (
        (type === types.InputBlur || type === types.InputKeyDownEscape) &&
        changes.selectedItem === state.selectedItem
      ) {
        return { ...changes, inputValue: state.selectedItem?.label ?? '' };
      }
      return changes;
    },
  });

  return (
    <div className={cn('relative', className)}>
      <input
        {...getInputProps({
          ref: inputRef,
          onBlur,
          onFocus: (event) => event.currentTarget.select(),
          placeholder,
          'aria-invalid': ariaInvalid,
          'aria-describedby': ariaDescribedBy,
          spellCheck: false,
        })}
        className={cn(controlClasses, 'h-10 pr-10')}
      />
      <button
        {...getToggleButtonProps({ tabIndex: -1, 'aria-label': 'Show the list' })}
        type="button"
        className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:text-foreground"
      >
        <ChevronsUpDown aria-hidden className="size-4" />
      </button>
      <ul
        {...getMenuProps()}
        className={cn(
          'absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-lg',
          !isOpen && 'hidden',
        )}
      >
        {isOpen &&
          items.map((item, index) => {
            const isSelected = item.value === selectedItem?.value;
            return (
              <li
                key={item.value}
                {...getItemProps({ item, index })}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 text-sm',
                  highlightedIndex === index && 'bg-surface-muted',
                )}
              >
                <Check
                  aria-hidden
                  className={cn('size-4 shrink-0 text-primary', !isSelected && 'invisible')}
                />
                <span className="min-w-0 flex-1 truncate">{item.label}</span>
                {item.hint && (
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                    {item.hint}
                  </span>
                )}
              </li>
            );
          })}
        {isOpen && items.length === 0 && (
          <li role="presentation" className="px-2.5 py-2 text-sm text-muted-foreground">
            {emptyMessage}
          </li>
        )}
      </ul>
    </div>
  );
}
