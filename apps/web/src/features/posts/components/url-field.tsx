import { forwardRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useLinkPreviewQuery } from '../api/get-link-preview';
import { parseHttpUrl } from '../hooks/use-post-composer';
import { LinkPreviewCard } from './link-preview-card';

const PREVIEW_DEBOUNCE_MS = 500;

export interface UrlFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * The Url tab: a pasted link and its preview from GET /link-preview; a failed preview shows
 * nothing (spec §7). A link typed without a scheme is read as the shared schema reads it
 * (`example.com` → `https://example.com`), and the field shows that on blur.
 */
export const UrlField = forwardRef<HTMLInputElement, UrlFieldProps>(function UrlField(
  { value, onChange, onBlur, error },
  ref,
) {
  const { t } = useTranslation('posts');
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const previewUrl = debounced ? parseHttpUrl(debounced) : null;
  const preview = useLinkPreviewQuery(previewUrl);
  const showInvalid =
    value.trim() !== '' && debounced === value.trim() && parseHttpUrl(value) === null;

  return (
    <div className="url-field">
      <Input
        ref={ref}
        label={t('composer.url')}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          const normalised = parseHttpUrl(value);
          if (normalised && normalised !== value) onChange(normalised);
          onBlur?.();
        }}
        error={error ?? (showInvalid ? t('composer.urlInvalid') : undefined)}
        hint={t('composer.urlHint')}
        autoComplete="url"
      />
      {previewUrl && preview.isFetching && !preview.data ? (
        <div className="url-field__loading" role="status" aria-label={t('composer.previewLoading')}>
          <Skeleton shape="rect" style={{ aspectRatio: '1.91', borderRadius: 14 }} />
        </div>
      ) : null}
      {previewUrl && preview.data && (preview.data.title || preview.data.imageUrl) ? (
        <div className="url-field__preview">
          <LinkPreviewCard preview={preview.data} />
        </div>
      ) : null}
    </div>
  );
});
