import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useLinkPreviewQuery } from '../api/get-link-preview';
import { isHttpUrl } from '../hooks/use-post-composer';
import { LinkPreviewCard } from './link-preview-card';

const PREVIEW_DEBOUNCE_MS = 500;

export interface UrlFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The Url tab: a pasted link and its preview from GET /link-preview; a failed preview shows nothing (spec §7). */
export function UrlField({ value, onChange, error }: UrlFieldProps) {
  const { t } = useTranslation('posts');
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const previewUrl = isHttpUrl(debounced) ? debounced : null;
  const preview = useLinkPreviewQuery(previewUrl);
  const showInvalid = value.trim() !== '' && debounced === value.trim() && !isHttpUrl(value);

  return (
    <div className="url-field">
      <Input
        label={t('composer.url')}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={value}
        onChange={(e) => onChange(e.target.value)}
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
}
