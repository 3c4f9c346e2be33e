import { X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Input, type InputProps } from './input';

export interface SearchInputProps extends Omit<InputProps, 'type' | 'value' | 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Classes of the input itself (room for an icon, say); `className` places the whole field. */
  inputClassName?: string;
}

/**
 * A search field with a clear button of its own. The browser's own clear cross (hidden in styles.css) is
 * out of Tab's reach and missing in some browsers; this one is a button in the tab order, shown while
 * there is text, and gives the focus back to the field. Escape in the field clears it too.
 */
export function SearchInput({
  value,
  onValueChange,
  className,
  inputClassName,
  onKeyDown,
  ...props
}: SearchInputProps) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className={cn('relative', className)}>
      <Input
        {...props}
        ref={field}
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          // Escape empties a field with text in it; an empty field leaves Escape to a dialog round it.
          if (event.defaultPrevented || event.key !== 'Escape' || value === '') return;
          event.preventDefault();
          event.stopPropagation();
          onValueChange('');
        }}
        className={cn('w-full pr-10', inputClassName)}
      />
      {value !== '' && (
        <button
          type="button"
          aria-label={t('common.clearSearch')}
          title={t('common.clearSearch')}
          onClick={() => {
            onValueChange('');
            field.current?.focus();
          }}
          className="absolute top-1/2 right-1.5 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
