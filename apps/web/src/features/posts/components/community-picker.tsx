import clsx from 'clsx';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { formatCompact } from '@/lib/format';
import { useCommunityOptionsQuery, type CommunityOption } from '../api/get-community-options';
import './community-picker.css';

const SEARCH_DEBOUNCE_MS = 200;

export interface CommunityPickerProps {
  value: CommunityOption | null;
  onChange: (community: CommunityOption) => void;
  error?: string;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The post's community: a button showing the choice (or the placeholder), opening a searchable
 * list, the user's followed communities first (GET /communities?followedFirst=true). The search
 * box is an ARIA combobox: ↑/↓ move, Enter picks, Escape closes.
 */
export function CommunityPicker({ value, onChange, error }: CommunityPickerProps) {
  const { t } = useTranslation('posts');
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const debouncedQ = useDebounced(q.trim(), SEARCH_DEBOUNCE_MS);
  const query = useCommunityOptionsQuery(debouncedQ, open);
  const options = useMemo(() => query.data?.items ?? [], [query.data]);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const pick = (community: CommunityOption) => {
    onChange(community);
    setOpen(false);
    setQ('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    }
  };

  const firstOther = options.findIndex((o) => !o.isMember);
  const hasMembers = options.some((o) => o.isMember);

  return (
    <div className={clsx('ui-field', 'community-picker', error && 'ui-field--invalid')}>
      <span className="ui-field__label" id={labelId}>
        {t('composer.community')}
      </span>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setQ('');
        }}
      >
        <Popover.Trigger asChild>
          <button
            type="button"
            className={clsx(
              'community-picker__trigger',
              !value && 'community-picker__trigger--placeholder',
            )}
            aria-labelledby={`${labelId} ${id}-value`}
            aria-haspopup="listbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            {value ? (
              <Avatar src={value.thumbnailUrl} name={value.name} size={24} decorative />
            ) : null}
            <span id={`${id}-value`} className="community-picker__value">
              {value ? value.name : t('composer.communityPlaceholder')}
            </span>
            <ChevronsUpDown className="community-picker__chevron" aria-hidden="true" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className="community-picker__popover"
            align="start"
            sideOffset={6}
            collisionPadding={12}
          >
            <div className="community-picker__search">
              <Search aria-hidden="true" />
              <input
                className="community-picker__input"
                role="combobox"
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={options[active] ? `${id}-opt-${active}` : undefined}
                aria-label={t('composer.communitySearch')}
                placeholder={t('composer.communitySearch')}
                value={q}
                onChange={(e) => {
                  setQ(e.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                autoComplete="off"
              />
              {query.isFetching ? <Spinner size={16} /> : null}
            </div>
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label={t('composer.community')}
              className="community-picker__list"
            >
              {options.map((option, index) => (
                <li key={option.id} role="none">
                  {hasMembers && (index === 0 || index === firstOther) ? (
                    <div className="community-picker__group" aria-hidden="true">
                      {option.isMember
                        ? t('composer.communityFollowed')
                        : t('composer.communityOthers')}
                    </div>
                  ) : null}
                  <div
                    id={`${id}-opt-${index}`}
                    data-index={index}
                    role="option"
                    aria-selected={value?.id === option.id}
                    className={clsx(
                      'community-picker__option',
                      index === active && 'community-picker__option--active',
                    )}
                    onMouseEnter={() => setActive(index)}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => pick(option)}
                  >
                    <Avatar src={option.thumbnailUrl} name={option.name} size={32} decorative />
                    <span className="community-picker__option-text">
                      <span className="community-picker__option-name">{option.name}</span>
                      <span className="community-picker__option-meta tabular-nums">
                        {t('composer.members', {
                          count: option.memberCount,
                          formatted: formatCompact(option.memberCount),
                        })}
                      </span>
                    </span>
                    {value?.id === option.id ? (
                      <Check className="community-picker__check" aria-hidden="true" />
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            {query.isSuccess && options.length === 0 ? (
              <p className="community-picker__empty">{t('composer.communityNone')}</p>
            ) : null}
            {query.isError ? (
              <p className="community-picker__empty" role="alert">
                {t('composer.communityError')}
              </p>
            ) : null}
            {query.isPending && !query.isError ? (
              <p className="community-picker__empty" role="status">
                {t('stream.loading')}
              </p>
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error ? (
        <p id={errorId} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
